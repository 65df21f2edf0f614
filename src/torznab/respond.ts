import type { TorznabError } from './errors'
import { gzipPage } from './gzip-page'
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
  if (answer.isGzipped) {
    allHeaders['content-encoding'] = 'gzip'
    return new Response(answer.body, { status, headers: allHeaders })
  }
  if (acceptsGzip(request)) {
    allHeaders['content-encoding'] = 'gzip'
    return new Response(gzipPage(answer.body), { status, headers: allHeaders })
  }
  return new Response(answer.body, { status, headers: allHeaders })
}

/** Whether the request lists gzip (or `*`) without refusing it with q=0. */
export function acceptsGzip(request: Request): boolean {
  const header = request.headers.get('accept-encoding')
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    return (coding === 'gzip' || coding === '*') && !refused
  })
}
