import { refuseRequest } from './errors'

/**
 * The media types Yoga's JSON parser reads. Neither is one a cross-site form or a "simple" fetch
 * can send (those are `application/x-www-form-urlencoded`, `multipart/form-data` and
 * `text/plain`), so a browser sends them only after a CORS preflight, which this server never
 * grants. bitmagnet's web UI and GraphiQL post `application/json`.
 */
const JSON_MEDIA_TYPES = new Set(['application/json', 'application/graphql+json'])

/** `application/json; charset=utf-8` → `application/json`. */
function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * A Yoga plugin that lets a POST run only with a JSON body. Yoga itself also reads form,
 * multipart and `application/graphql` bodies, so a page on any site the operator visits could
 * post a mutation (delete, block) with a plain HTML form. GET stays open for queries: Yoga
 * refuses mutations over GET, and a cross-site page cannot read the answer.
 *
 * @graphql-yoga/plugin-csrf-prevention was the obvious piece, but its release for Yoga 3 (the
 * one @elysiajs/graphql-yoga runs) demands a custom header on every request, JSON included,
 * which bitmagnet's web UI does not send; its content-type rule arrived only for Yoga 4+.
 */
export const jsonBodiesOnly = {
  onRequestParse({ request }: { request: Request }) {
    if (request.method !== 'POST' || JSON_MEDIA_TYPES.has(mediaTypeOf(request))) return
    throw refuseRequest(
      'unsupported_media_type',
      'POST /graphql takes a JSON body (content-type: application/json); form, multipart and text bodies are refused so that other sites cannot post mutations',
      415,
    )
  },
}
