import { afterAll } from 'bun:test'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * A hostile web site on a loopback port, answering under any host name it is reached by (map
 * names to 127.0.0.1 in the browser): its pages make the visitor's browser send a request to
 * another site as soon as they load, the way a CSRF page does.
 * - `formPage(action, fields, enctype?)`: an HTML form, posted by script on load.
 * - `fetchPage(url, body)`: a `fetch` with the visitor's cookies (`no-cors`, text/plain: no preflight).
 */
export function startHostileSite() {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url)
      const html = (body: string) =>
        new Response(`<!doctype html><title>Win a prize</title>${body}`, { headers: { 'content-type': 'text/html' } })
      if (url.pathname === '/form') {
        const fields = JSON.parse(url.searchParams.get('fields') ?? '{}') as Record<string, string>
        const inputs = Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('')
        const enctype = escapeHtml(url.searchParams.get('enctype') ?? 'application/x-www-form-urlencoded')
        return html(
          `<form method="post" action="${escapeHtml(url.searchParams.get('action')!)}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`,
        )
      }
      if (url.pathname === '/fetch') {
        const call = JSON.stringify({ url: url.searchParams.get('url'), body: url.searchParams.get('body') })
        return html(
          `<script>const c=${call};fetch(c.url,{method:'POST',mode:'no-cors',credentials:'include',headers:{'content-type':'text/plain'},body:c.body}).finally(()=>{document.title='sent'})</script>`,
        )
      }
      return new Response('not here', { status: 404 })
    },
  })
  afterAll(() => server.stop(true))
  const port = server.port!
  return {
    port,
    formPage: (origin: string, action: string, fields: Record<string, string>, enctype?: string) =>
      `${origin}/form?${new URLSearchParams({ action, fields: JSON.stringify(fields), ...(enctype && { enctype }) })}`,
    fetchPage: (origin: string, url: string, body: string) => `${origin}/fetch?${new URLSearchParams({ url, body })}`,
  }
}

/**
 * A reverse proxy on a loopback port in front of `upstream()` (read per request, so the proxy can
 * start, at the top of a test file, before the service behind it), as nginx does it by default: Host
 * rewritten to the upstream's, the address the browser opened in X-Forwarded-Host and
 * X-Forwarded-Proto, the client in X-Forwarded-For, and (like Authelia behind it) every visitor
 * signed in as `user` in x-auth-user, whatever the visitor sent there.
 */
export function startReverseProxy(options: { upstream: () => string; user: string }) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    async fetch(request, self) {
      const url = new URL(request.url)
      const headers = new Headers(request.headers)
      headers.delete('host')
      headers.set('x-forwarded-host', request.headers.get('host') ?? '')
      headers.set('x-forwarded-proto', 'http')
      headers.set('x-forwarded-for', self.requestIP(request)?.address ?? '')
      headers.set('x-auth-user', options.user)
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      return fetch(`${options.upstream()}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      })
    },
  })
  afterAll(() => server.stop(true))
  return { port: server.port! }
}
