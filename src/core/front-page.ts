import { Elysia } from 'elysia'

/** Where the operator dashboard is, as the core's front page names it. */
export interface DashboardLocation {
  /** DASHBOARD_PUBLIC_URL, when set: the address browsers open the dashboard at. */
  publicUrl: string | null
  /** DASHBOARD_PORT, or the port the dashboard of this process listens on (the OS chose it for port 0). */
  port: () => number
  /** The dashboard runs in this process (`bun run start`): a browser is sent there at once. */
  isInProcess: boolean
}

/**
 * `GET /` of the core. People open the core's port in a browser first (it is the port the
 * *arr apps are given); it serves machines only, so a browser is sent to the dashboard when this
 * process runs it, and otherwise shown a page naming it. Anything else asking (curl, a script)
 * gets the JSON 404 of every unknown path, which names the dashboard too.
 */
export const frontPage = (deps: { dashboard: DashboardLocation }) =>
  new Elysia({ name: 'core-front-page' }).get('/', ({ request }) => {
    const dashboardUrl = dashboardUrlFor(request, deps.dashboard)
    if (!(request.headers.get('accept') ?? '').includes('text/html'))
      return Response.json(
        {
          error: 'not_found',
          message: `this is the indexer core: Torznab at /torznab/api, GraphQL at /graphql; the dashboard is at ${dashboardUrl}`,
        },
        { status: 404 },
      )
    if (deps.dashboard.isInProcess) return new Response(null, { status: 302, headers: { location: dashboardUrl } })
    return new Response(renderFrontPage(dashboardUrl), {
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    })
  })

/**
 * DASHBOARD_PUBLIC_URL, else the dashboard's port on the host name the browser used for the core
 * (only the name is taken from the request, parsed as one; the page escapes it besides).
 */
function dashboardUrlFor(request: Request, dashboard: DashboardLocation): string {
  if (dashboard.publicUrl) return dashboard.publicUrl
  // A Host header that is no host name (Bun's request.url is then no URL) names none.
  const hostname = URL.parse(request.url)?.hostname || 'localhost'
  return `http://${hostname}:${dashboard.port()}/`
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

function renderFrontPage(dashboardUrl: string): string {
  const href = escapeHtml(dashboardUrl)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>dht-indexer core</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{font-size:.95em}a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{background:#111318;color:#e6e8ee}a{color:#93b4ff}}</style>
</head><body><main>
<h1>dht-indexer core</h1>
<p>This port serves Prowlarr, Sonarr and Radarr (Torznab at <code>/torznab/api</code>) and scripts (GraphQL at <code>/graphql</code>).</p>
<p>To search the library, see what the crawler does and set things up, open the dashboard: <a href="${href}">${href}</a></p>
<p>Not there? It runs with <code>bun run start</code> (or alone with <code>bun run start dashboard</code>) on port 8080 unless <code>DASHBOARD_PORT</code> says otherwise.</p>
</main></body></html>`
}
