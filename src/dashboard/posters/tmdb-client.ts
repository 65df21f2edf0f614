import { waitAfterTooManyRequestsMs } from '../../http'
import { ArtworkUnavailableError } from './errors'
import type { MediaType } from './model'

/** Longest a poster lookup waits on TMDB: the page asking for it must not hang with it. */
const TMDB_TIMEOUT_MS = 5_000

export interface PosterClientDeps {
  /** ARTWORK_API_URL without a trailing slash, e.g. https://api.themoviedb.org/3. */
  baseUrl: string
  timeoutMs?: number
  nowMs?: () => number
}

/**
 * TMDB's v3 API, the two calls a poster needs. Answers as TMDB documents them:
 * `GET /configuration` → `{images: {secure_base_url: "https://image.tmdb.org/t/p/", poster_sizes: [...]}, ...}`,
 * `GET /movie/{id}` and `GET /tv/{id}` → `{id, poster_path: "/abc.jpg" | null, ...}`, and errors as
 * `{success: false, status_code, status_message}` (34 with HTTP 404 for an unknown id, 7 with 401 for a bad key).
 * Only a 404 of a title is an answer ("no such title"); anything else that is not a 200 with the
 * documented field is an ArtworkUnavailableError, so the caller caches nothing. After a 429 no
 * request of either call goes out until its Retry-After (seconds or an HTTP date) has passed.
 */
export function createPosterClient(deps: PosterClientDeps) {
  const timeoutMs = deps.timeoutMs ?? TMDB_TIMEOUT_MS
  const nowMs = deps.nowMs ?? Date.now
  let pausedUntilMs = 0

  /** The JSON body of a 200, or null for a 404; the key is a query parameter, as v3 wants it. */
  const getJson = async (path: string, apiKey: string): Promise<Record<string, unknown> | null> => {
    const leftMs = pausedUntilMs - nowMs()
    if (leftMs > 0) throw new ArtworkUnavailableError(`the artwork API asked to wait; ${Math.ceil(leftMs)} ms left (429)`)
    const url = `${deps.baseUrl}${path}?api_key=${encodeURIComponent(apiKey)}`
    let response: Response
    try {
      // No redirects: a redirect would carry the key in its query to wherever it points.
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
    } catch (err) {
      throw new ArtworkUnavailableError('the artwork API cannot be reached', { cause: err })
    }
    if (response.status === 404) {
      await response.body?.cancel()
      return null
    }
    if (response.status === 429) {
      await response.body?.cancel()
      const waitMs = waitAfterTooManyRequestsMs(response.headers.get('retry-after'), nowMs())
      pausedUntilMs = Math.max(pausedUntilMs, nowMs() + waitMs)
      throw new ArtworkUnavailableError(`the artwork API asked to wait ${waitMs} ms (429)`)
    }
    if (response.status !== 200) {
      await response.body?.cancel()
      const why = response.status === 401 ? ' (the artwork API key was refused)' : ''
      throw new ArtworkUnavailableError(`the artwork API answered HTTP ${response.status}${why}`)
    }
    try {
      const body: unknown = await response.json()
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>
    } catch (err) {
      throw new ArtworkUnavailableError('the artwork API answered something that is not JSON', { cause: err })
    }
    throw new ArtworkUnavailableError('the artwork API answered JSON that is not an object')
  }

  return {
    /** `images.secure_base_url` of /configuration, ending in `/`: the prefix of every image URL, before the size. */
    async imageBaseUrl(apiKey: string): Promise<string> {
      const body = await getJson('/configuration', apiKey)
      const images = body?.images as Record<string, unknown> | undefined
      const base = images?.secure_base_url
      if (typeof base !== 'string' || !/^https?:\/\//.test(base))
        throw new ArtworkUnavailableError('the artwork API configuration has no images.secure_base_url')
      return base.endsWith('/') ? base : `${base}/`
    },

    /** The title's `poster_path`, or null when TMDB has no such title or no poster for it. */
    async posterPath(mediaType: MediaType, id: string, apiKey: string): Promise<string | null> {
      const body = await getJson(`/${mediaType}/${id}`, apiKey)
      if (body === null || body.poster_path === null) return null
      if (typeof body.poster_path !== 'string' || !body.poster_path.startsWith('/'))
        throw new ArtworkUnavailableError(`the artwork API's ${mediaType} ${id} has no poster_path field`)
      return body.poster_path
    },
  }
}

export type PosterClient = ReturnType<typeof createPosterClient>
