import { Elysia } from 'elysia'
import { isAuthorised, presentedApiKeys } from '../auth'
import type { Logger } from '../log'
import { badCredentials, rateLimited, TorznabError, unknownError } from './errors'
import type { RateLimiter } from './rate-limit'
import { renderError } from './render-error'
import type { TorznabAnswer } from './service'

/** Whatever answers a Torznab query string: the worker pool in the service. */
export interface TorznabAnswerer {
  answer(query: string, baseUrl: string): Promise<TorznabAnswer>
}

export interface TorznabRoutesDeps {
  torznab: TorznabAnswerer
  apiKey: string | undefined
  rateLimiter: RateLimiter
  log: Logger
}

/**
 * The feed at `/torznab/api`, and at `/torznab` and `/torznab/api/api` too: users paste either
 * the base or the full path (R1, D21). Query parameters are read by the Torznab parser rather
 * than a schema, because their names are case-insensitive and every fault must come back as a
 * Torznab error document, never Elysia's JSON.
 */
export const torznabRoutes = (deps: TorznabRoutesDeps) => {
  const handle = async ({
    request,
    server,
  }: {
    request: Request
    server: { requestIP(request: Request): { address: string } | null } | null
  }) => {
    try {
      if (!isAuthorised(request, deps.apiKey)) throw badCredentials()
      // Every client of one install shares the key, so the address tells them apart.
      const client = server?.requestIP(request)?.address ?? presentedApiKeys(request)[0] ?? 'unknown'
      const retryAfterSeconds = deps.rateLimiter.take(client)
      if (retryAfterSeconds !== null) return errorResponse(rateLimited(), request, { 'retry-after': String(retryAfterSeconds) })
      const url = new URL(request.url)
      return respond(await deps.torznab.answer(url.search, url.origin), request)
    } catch (err) {
      if (err instanceof TorznabError) return errorResponse(err, request)
      deps.log.error('torznab request failed', { err })
      return errorResponse(unknownError(), request)
    }
  }
  return new Elysia({ name: 'torznab-routes', prefix: '/torznab' })
    .get('', handle)
    .get('/', handle)
    .get('/api', handle)
    .get('/api/', handle)
    .get('/api/api', handle)
}

function errorResponse(err: TorznabError, request: Request, headers: Record<string, string> = {}): Response {
  return respond(
    { contentType: 'application/xml; charset=utf-8', body: renderError(err.torznabCode, err.message) },
    request,
    err.httpStatus,
    headers,
  )
}

/** gzip only when the client lists it (R5, D18): .NET decompresses gzip and br, never deflate. */
function respond(answer: TorznabAnswer, request: Request, status = 200, headers: Record<string, string> = {}): Response {
  const allHeaders: Record<string, string> = { 'content-type': answer.contentType, vary: 'accept-encoding', ...headers }
  if (acceptsGzip(request.headers.get('accept-encoding'))) {
    allHeaders['content-encoding'] = 'gzip'
    // Level 1: a 100-item page shrinks about as much as at the default level 6, in a fifth of the time.
    return new Response(Bun.gzipSync(answer.body, { level: 1 }), { status, headers: allHeaders })
  }
  return new Response(answer.body, { status, headers: allHeaders })
}

function acceptsGzip(header: string | null): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    return (coding === 'gzip' || coding === '*') && !refused
  })
}
