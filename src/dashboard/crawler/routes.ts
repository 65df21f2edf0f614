import { Elysia } from 'elysia'
import type { AuthPlugin } from '../auth'
import { FetchBody, PausedBody } from './model'
import type { CrawlerControlService } from './service'

/** The crawler's API: its state, pause/resume, and fetches by hash or magnet. */
export const crawlerRoutes = (deps: { crawlerControl: CrawlerControlService; authPlugin: AuthPlugin }) =>
  new Elysia({ name: 'dashboard-crawler', prefix: '/api/crawler' })
    .use(deps.authPlugin)
    .get('/', () => deps.crawlerControl.state())
    .put('/paused', ({ body, identity }) => deps.crawlerControl.setPaused(body.paused, identity.actor), { body: PausedBody })
    .get('/fetches', async () => ({ items: await deps.crawlerControl.fetchRequests() }))
    .post('/fetches', async ({ body, identity }) => ({ items: await deps.crawlerControl.fetch(body.targets, identity.actor) }), {
      body: FetchBody,
    })
