import { Elysia } from 'elysia'
import { join } from 'node:path'

const VIEWS_ASSETS = join(import.meta.dir, '../../../views/assets')
const MODULES = join(import.meta.dir, '../../../node_modules')

/**
 * Every asset the pages load, served by the dashboard itself (DESIGN.md 5.8: no CDN, no external
 * request): htmx and its SSE extension from their packages (pinned in package.json), and ours.
 */
const ASSETS: Record<string, { path: string; type: string }> = {
  'htmx.min.js': { path: join(MODULES, 'htmx.org/dist/htmx.min.js'), type: 'text/javascript; charset=utf-8' },
  'sse.js': { path: join(MODULES, 'htmx-ext-sse/sse.js'), type: 'text/javascript; charset=utf-8' },
  'app.js': { path: join(VIEWS_ASSETS, 'app.js'), type: 'text/javascript; charset=utf-8' },
  'app.css': { path: join(VIEWS_ASSETS, 'app.css'), type: 'text/css; charset=utf-8' },
}

/** Open to all (a login page needs its CSS), and cacheable for an hour: they change only with a release. */
export const assetRoutes = new Elysia({ name: 'dashboard-assets' }).get('/assets/:name', ({ params, set }) => {
  const asset = ASSETS[params.name]
  if (!asset) {
    set.status = 404
    return 'no such asset'
  }
  return new Response(Bun.file(asset.path), { headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' } })
})
