/**
 * Whether a request was made by a browser for a page of another origin (DESIGN.md 7.1). Browsers
 * send `Sec-Fetch-Site` on every request (Chrome 76+, Firefox 90+, Safari 16.4+) and `Origin` on
 * every POST, a form's included; the *arr apps, curl and scripts send neither, so they are
 * judged by their key alone, as before. Same-site is not same-origin: a page on another port of
 * the same host, or on a sibling subdomain behind the same proxy, is `same-site`.
 *
 * The core's own origin, as the browser saw it: the one in BASE_URL, or the host the request was
 * sent to (`Host`, or `X-Forwarded-Host` from a proxy that rewrites `Host`). A page cannot forge
 * either without a CORS preflight, which the core never grants, and the browser fills `Origin`.
 */
export function isForeignBrowserRequest(request: Request, publicOrigin: string | null): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.get('origin')
  if (origin === null) return false
  if (origin === publicOrigin) return false
  // `null` (a sandboxed frame, a file:// page, a cross-origin redirect) is nobody's own origin.
  const host = hostOf(origin)
  if (host === null) return true
  return !requestHosts(request).includes(host)
}

/** `http://Example.org:80` → `example.org`: the host and port as the Host header carries them. */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin)
    return url.origin === 'null' ? null : url.host.toLowerCase()
  } catch {
    return null
  }
}

function requestHosts(request: Request): string[] {
  const hosts: string[] = []
  const host = request.headers.get('host')
  if (host) hosts.push(host.trim().toLowerCase())
  const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim().toLowerCase()
  if (forwarded) hosts.push(forwarded)
  return hosts
}
