import http from 'node:http'
import { Elysia, t } from 'elysia'
import { apiKeyAuth, presentedApiKeys, type ApiKeySource } from '../auth'
import type { RateLimiter } from '../http'
import type { Logger } from '../log'
import { invalidParameter, notAFeed, rateLimited } from './errors'
import { acceptsGzip, respond } from './respond'
import type { TorznabAnswer } from './service'
import { torznabErrors } from './xml-errors'

/** Whatever answers a Torznab query string: the worker pool in the service. */
export interface TorznabAnswerer {
  /** `gzip`: the client takes gzip, so the answerer may return the document compressed. */
  answer(query: string, gzip: boolean): Promise<TorznabAnswer>
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
 * Longest query string the feed reads: far above any client's (five text parameters of at most
 * 512 characters, ids, categories), and the size of Bun's whole default header limit.
 */
const MAX_QUERY_STRING_BYTES = 16_384

/**
 * Bun's HTTP parser answers a request whose head passes this limit (16 KiB by default) with a
 * bare 431 and no body, before any hook runs, and the clients read every answer as XML. So the
 * limit sits well above MAX_QUERY_STRING_BYTES and the feed refuses long query strings itself, in
 * XML. Bun.serve takes no per-server option for it; node:http's maxHeaderSize (the setting behind
 * --max-http-header-size) is the process-wide one Bun.serve reads, per request, so it is raised
 * when the app starts listening.
 */
const MAX_REQUEST_HEAD_BYTES = 512 * 1024

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
    if (search.length > MAX_QUERY_STRING_BYTES) throw invalidParameter('query string', `longer than ${MAX_QUERY_STRING_BYTES} bytes`)
    return respond(await deps.torznab.answer(search, acceptsGzip(request)), request)
  }
  return new Elysia({ name: 'torznab-routes', prefix: '/torznab' })
    .onStart(() => {
      // Read-only in Node's types; Bun made it settable (oven-sh/bun#10525, since Bun 1.1.27).
      ;(http as { maxHeaderSize: number }).maxHeaderSize = Math.max(http.maxHeaderSize, MAX_REQUEST_HEAD_BYTES)
    })
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
    .all('/*', ({ request }) => {
      // Anything else under /torznab is a Torznab client's too (a pasted URL one segment off, a
      // POST): it reads XML (R3), never the core's JSON 404.
      const { pathname } = new URL(request.url, 'http://localhost')
      throw notAFeed(`${request.method} ${pathname}`)
    })
}
