import { Elysia, t } from 'elysia'
import { apiKeyAuth, presentedApiKeys, type ApiKeySource } from '../auth'
import type { Logger } from '../log'
import { rateLimited } from './errors'
import type { RateLimiter } from './rate-limit'
import { respond } from './respond'
import type { TorznabAnswer } from './service'
import { torznabErrors } from './xml-errors'

/** Whatever answers a Torznab query string: the worker pool in the service. */
export interface TorznabAnswerer {
  answer(query: string): Promise<TorznabAnswer>
}

export interface TorznabRoutesDeps {
  torznab: TorznabAnswerer
  apiKey: ApiKeySource
  rateLimiter: RateLimiter
  log: Logger
}

/**
 * Any query string at all. Torznab parameter names are case-insensitive and each fault must be
 * a Torznab error naming the parameter, so the Torznab parser, reading the raw query string,
 * judges them; this schema only states that the feed takes string parameters. Here rather than in
 * model.ts, which the parser and the worker threads import and which must not reach Elysia.
 */
const TorznabQuery = t.Record(t.String(), t.String())

/**
 * The feed at `/torznab/api`, and at `/torznab` and `/torznab/api/api` too: users paste either
 * the base or the full path (R1, D21). Every fault, a missing key included, is a Torznab error
 * document (torznabErrors), never Elysia's JSON.
 */
export const torznabRoutes = (deps: TorznabRoutesDeps) => {
  const answer = async ({ request }: { request: Request }) => {
    // Only the query string is read. Bun builds request.url from the Host header, and leaves it
    // path-only when that Host is not a valid authority, hence the placeholder base.
    const { search } = new URL(request.url, 'http://localhost')
    return respond(await deps.torznab.answer(search), request)
  }
  return new Elysia({ name: 'torznab-routes', prefix: '/torznab' })
    .use(torznabErrors({ log: deps.log }))
    .use(apiKeyAuth({ apiKey: deps.apiKey }))
    .onBeforeHandle(({ request, server }) => {
      // Every client of one install shares the key, so the address tells them apart.
      const client = server?.requestIP(request)?.address ?? presentedApiKeys(request)[0] ?? 'unknown'
      const retryAfterSeconds = deps.rateLimiter.take(client)
      if (retryAfterSeconds !== null) throw rateLimited(retryAfterSeconds)
    })
    .guard({ apiKey: true, query: TorznabQuery }, (feed) =>
      feed.get('', answer).get('/', answer).get('/api', answer).get('/api/', answer).get('/api/api', answer),
    )
}
