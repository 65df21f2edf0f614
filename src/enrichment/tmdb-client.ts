import { normaliseImdbId } from '../classify'
import { waitAfterTooManyRequestsMs } from '../http'
import { ArtworkApiError } from './errors'
import type { EnrichedType, TmdbCandidate, TmdbExternalIds } from './model'
import type { RequestPacer } from './request-pacer'

export interface TmdbClientDeps {
  /** ARTWORK_API_URL without a trailing slash. */
  baseUrl: string
  pacer: RequestPacer
  /** Longest one request may take; a slow answer is an ArtworkApiError like a failed one. */
  timeoutMs: number
  /** Told each request's outcome (the metrics). */
  observe?: (endpoint: string, outcome: 'ok' | 'not_found' | 'rate_limited' | 'failed') => void
}

type Json = Record<string, unknown>

const PATH_OF: Record<EnrichedType, 'movie' | 'tv'> = { movie: 'movie', tv_show: 'tv' }

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/**
 * The calls of TMDB's v3 API that enrichment makes, each paced, timed out and authenticated as v3
 * wants (`api_key` in the query, as the dashboard's poster lookup does):
 * `/search/movie` and `/search/tv` (`{page, results: [{id, title|name, original_title|original_name,
 * release_date|first_air_date, poster_path, overview, genre_ids, popularity, ...}], total_results}`),
 * `/{movie,tv}/{id}/external_ids` (`{id, imdb_id, tvdb_id?}`), `/genre/{movie,tv}/list`
 * (`{genres: [{id, name}]}`) and `/configuration` (`{images: {secure_base_url, poster_sizes}}`).
 * Only a 404 is an answer ("no such thing"); anything else but a 200 is an ArtworkApiError.
 */
export function createTmdbClient(deps: TmdbClientDeps) {
  const getJson = async (endpoint: string, path: string, params: Record<string, string>, apiKey: string, signal: AbortSignal) => {
    await deps.pacer.turn(signal)
    const query = new URLSearchParams({ ...params, api_key: apiKey })
    let response: Response
    try {
      // No redirects: one would carry the key in its query to wherever it points.
      response = await fetch(`${deps.baseUrl}${path}?${query}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([signal, AbortSignal.timeout(deps.timeoutMs)]),
        redirect: 'error',
      })
    } catch (err) {
      signal.throwIfAborted()
      deps.observe?.(endpoint, 'failed')
      throw new ArtworkApiError(`the artwork API did not answer ${endpoint} within ${deps.timeoutMs} ms or cannot be reached`, null, {
        cause: err,
      })
    }
    if (response.status === 404) {
      await response.body?.cancel()
      deps.observe?.(endpoint, 'not_found')
      return null
    }
    if (response.status === 429) {
      await response.body?.cancel()
      // Every caller of this client shares the pacer, so the wait holds for all of them.
      const retryAfterMs = waitAfterTooManyRequestsMs(response.headers.get('retry-after'), deps.pacer.nowMs())
      deps.pacer.pauseFor(retryAfterMs)
      deps.observe?.(endpoint, 'rate_limited')
      throw new ArtworkApiError(`the artwork API asked to wait ${retryAfterMs} ms (429)`, retryAfterMs)
    }
    if (response.status !== 200) {
      await response.body?.cancel()
      deps.observe?.(endpoint, 'failed')
      const why = response.status === 401 ? ' (the artwork API key was refused)' : ''
      throw new ArtworkApiError(`the artwork API answered ${endpoint} with HTTP ${response.status}${why}`)
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (err) {
      deps.observe?.(endpoint, 'failed')
      throw new ArtworkApiError(`the artwork API answered ${endpoint} with something that is not JSON`, null, { cause: err })
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      deps.observe?.(endpoint, 'failed')
      throw new ArtworkApiError(`the artwork API answered ${endpoint} with JSON that is not an object`)
    }
    deps.observe?.(endpoint, 'ok')
    return body as Json
  }

  return {
    /** The first page of search results for a title: TMDB's best 20. */
    async search(type: EnrichedType, title: string, apiKey: string, signal: AbortSignal): Promise<TmdbCandidate[]> {
      const body = await getJson('search', `/search/${PATH_OF[type]}`, { query: title, include_adult: 'false' }, apiKey, signal)
      if (body === null) return []
      if (!Array.isArray(body.results)) throw new ArtworkApiError('the artwork API search answer has no results array')
      return body.results.flatMap((raw: unknown) => {
        const result = raw as Json
        const tmdbId = number(result?.id)
        const title = text(result?.title) ?? text(result?.name)
        if (tmdbId === null || title === null) return []
        const date = text(result.release_date) ?? text(result.first_air_date)
        return [
          {
            tmdbId,
            title,
            originalTitle: text(result.original_title) ?? text(result.original_name),
            originalLanguage: text(result.original_language),
            releaseDate: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
            posterPath: text(result.poster_path)?.startsWith('/') ? (result.poster_path as string) : null,
            overview: text(result.overview),
            genreIds: Array.isArray(result.genre_ids) ? result.genre_ids.filter((id): id is number => typeof id === 'number') : [],
            popularity: number(result.popularity),
            voteAverage: number(result.vote_average),
            voteCount: number(result.vote_count),
          },
        ]
      })
    },

    /** The IMDb and TVDB ids TMDB knows for a work; nulls when it has none (or no such work). */
    async externalIds(type: EnrichedType, tmdbId: number, apiKey: string, signal: AbortSignal): Promise<TmdbExternalIds> {
      const body = await getJson('external_ids', `/${PATH_OF[type]}/${tmdbId}/external_ids`, {}, apiKey, signal)
      const imdb = text(body?.imdb_id)
      const tvdb = number(body?.tvdb_id)
      return { imdbId: imdb === null ? null : normaliseImdbId(imdb), tvdbId: tvdb !== null && tvdb > 0 ? tvdb : null }
    },

    /** Genre names by id for movies or series. */
    async genres(type: EnrichedType, apiKey: string, signal: AbortSignal): Promise<Map<number, string>> {
      const body = await getJson('genres', `/genre/${PATH_OF[type]}/list`, {}, apiKey, signal)
      const names = new Map<number, string>()
      for (const raw of Array.isArray(body?.genres) ? body.genres : []) {
        const genre = raw as Json
        const id = number(genre?.id)
        const name = text(genre?.name)
        if (id !== null && name !== null) names.set(id, name)
      }
      return names
    },

    /** `images.secure_base_url` of /configuration, ending in `/`: the prefix of every image URL, before the size. */
    async imageBaseUrl(apiKey: string, signal: AbortSignal): Promise<string> {
      const body = await getJson('configuration', '/configuration', {}, apiKey, signal)
      const base = (body?.images as Json | undefined)?.secure_base_url
      if (typeof base !== 'string' || !/^https?:\/\//.test(base))
        throw new ArtworkApiError('the artwork API configuration has no images.secure_base_url')
      return base.endsWith('/') ? base : `${base}/`
    },
  }
}

export type TmdbClient = ReturnType<typeof createTmdbClient>
