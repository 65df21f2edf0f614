import type { TorznabError } from './errors'
import { renderError } from './render-error'
import type { TorznabAnswer } from './service'

/** A Torznab error document, with the fault's HTTP status (and Retry-After for a rate limit). */
export function respondWithError(err: TorznabError, request: Request): Response {
  const headers: Record<string, string> = err.retryAfterSeconds === null ? {} : { 'retry-after': String(err.retryAfterSeconds) }
  return respond(
    { contentType: 'application/xml; charset=utf-8', body: renderError(err.torznabCode, err.message) },
    request,
    err.httpStatus,
    headers,
  )
}

/** gzip only when the client lists it (R5, D18): .NET decompresses gzip and br, never deflate. */
export function respond(answer: TorznabAnswer, request: Request, status = 200, headers: Record<string, string> = {}): Response {
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
