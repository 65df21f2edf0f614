import type { PosterCacheRepository, StateRepository } from '../store'
import { PosterNotFoundError } from './errors'
import type { MediaType, Poster } from './model'
import type { PosterClient } from './tmdb-client'

/** How long a lookup (found or not found) and the image base are kept (spec 8, DESIGN.md 5.6). */
const CACHE_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** TMDB's poster width that suits a card: sharp on a high-density screen, a few tens of KiB. */
const POSTER_SIZE = 'w500'

export interface PosterServiceDeps {
  cache: PosterCacheRepository
  state: StateRepository
  tmdb: PosterClient
  /** The artwork API key, read per request: the artwork_api_key setting may change it at run time. */
  apiKey: () => string | undefined
  /**
   * The poster the core's content enrichment already holds for the work (the same row the feed's
   * coverurl comes from), asked first; null, or the core away, falls back to TMDB.
   */
  indexed?: (mediaType: MediaType, id: string) => Promise<string | null>
  nowMs?: () => number
}

/**
 * Poster URLs for TMDB ids, each looked up at most once per 7 days: answers (found or not) are kept
 * in poster_cache, the image base in dashboard_state, and concurrent requests for one id share a
 * single lookup. A failed lookup is thrown and nothing is kept, so the next request tries again.
 */
export function createPosterService(deps: PosterServiceDeps) {
  const nowMs = deps.nowMs ?? Date.now
  const lookups = new Map<string, Promise<string | null>>()
  let baseLookup: Promise<string> | null = null

  const isFresh = (fetchedAt: string) => nowMs() - Date.parse(fetchedAt) < CACHE_TTL_MS
  const nowIso = () => new Date(nowMs()).toISOString()

  const imageBaseUrl = (apiKey: string): Promise<string> => {
    const stored = readStoredBase(deps.state.get('tmdb_image_base'))
    if (stored && isFresh(stored.fetchedAt)) return Promise.resolve(stored.url)
    baseLookup ??= deps.tmdb
      .imageBaseUrl(apiKey)
      .then((url) => {
        deps.state.set('tmdb_image_base', JSON.stringify({ url, fetchedAt: nowIso() }))
        return url
      })
      .finally(() => {
        baseLookup = null
      })
    return baseLookup
  }

  const lookUp = async (mediaType: MediaType, id: string, apiKey: string): Promise<string | null> => {
    const posterPath = await deps.tmdb.posterPath(mediaType, id, apiKey)
    const posterUrl = posterPath === null ? null : `${await imageBaseUrl(apiKey)}${POSTER_SIZE}${posterPath}`
    // Expired rows would only be replaced when their id is asked for again; drop them here instead.
    deps.cache.deleteFetchedBefore(new Date(nowMs() - CACHE_TTL_MS).toISOString())
    deps.cache.put(mediaType, id, { posterUrl, fetchedAt: nowIso() })
    return posterUrl
  }

  const sharedLookUp = (mediaType: MediaType, id: string, apiKey: string): Promise<string | null> => {
    const key = `${mediaType}:${id}`
    let lookup = lookups.get(key)
    if (!lookup) {
      lookup = lookUp(mediaType, id, apiKey).finally(() => lookups.delete(key))
      lookups.set(key, lookup)
    }
    return lookup
  }

  return {
    /** The poster of a TMDB movie or series; PosterNotFoundError when there is none or no key is set. */
    async find(externalId: string, mediaType: MediaType): Promise<Poster> {
      const apiKey = deps.apiKey()
      // Without a key nothing leaves the network for artwork, cached URLs included: a browser shown
      // one would fetch the image from TMDB (DESIGN.md 3.15).
      if (!apiKey) throw new PosterNotFoundError('no artwork API key is set (artwork_api_key)')
      // TMDB ids are integers: 0550 and 550 are one title and one cache row.
      const id = externalId.replace(/^0+(?=\d)/, '')
      const indexed = await deps.indexed?.(mediaType, id).catch(() => null)
      if (indexed) return { external_id: id, media_type: mediaType, poster_url: indexed }
      const cached = deps.cache.get(mediaType, id)
      const posterUrl = cached && isFresh(cached.fetchedAt) ? cached.posterUrl : await sharedLookUp(mediaType, id, apiKey)
      if (posterUrl === null) throw new PosterNotFoundError(`the artwork API has no poster for ${mediaType} ${id}`)
      return { external_id: id, media_type: mediaType, poster_url: posterUrl }
    },
  }
}

/** The stored image base, or undefined when absent or unreadable (then it is fetched again). */
function readStoredBase(value: string | undefined): { url: string; fetchedAt: string } | undefined {
  if (value === undefined) return undefined
  try {
    const stored = JSON.parse(value) as { url?: unknown; fetchedAt?: unknown }
    return typeof stored.url === 'string' && typeof stored.fetchedAt === 'string'
      ? { url: stored.url, fetchedAt: stored.fetchedAt }
      : undefined
  } catch {
    return undefined
  }
}

export type PosterService = ReturnType<typeof createPosterService>
