import type { SearchQuery } from '../search'
import type { TorznabFunction, TorznabRequest } from './model'

/** What each search function covers when the client names no category (R36, R37). */
const DEFAULT_CATEGORIES: Record<Exclude<TorznabFunction, 'caps'>, number[] | null> = {
  search: null,
  tvsearch: [5000],
  movie: [2000],
  music: [3000],
  book: [7000],
}

const SECONDS_PER_DAY = 86_400

/**
 * The search a Torznab request asks for, or null when it can only be empty: ids were given but
 * none this index can resolve (TVRage ids). An id that is advertised but unknown must give an
 * empty answer, never the recent items, or the client never runs its title search (R43, D4).
 * Ids take precedence over `q` (spec §4.3), which then only carries an absolute episode.
 */
export function torznabSearchQuery(request: TorznabRequest, nowSeconds: number): SearchQuery | null {
  const fn = request.fn === 'caps' ? 'search' : request.fn
  const { ids } = request
  if (ids && ids.imdb.length + ids.tmdb.length + ids.tvdb.length + ids.tvmaze.length === 0) return null
  return {
    text: ids ? null : request.text,
    categories: request.categories ?? DEFAULT_CATEGORIES[fn],
    externalIds: ids ? { imdb: ids.imdb, tmdb: ids.tmdb, tvdb: ids.tvdb, tvmaze: ids.tvmaze } : undefined,
    episodes: request.episodes ?? (request.absoluteEpisode !== null ? { kind: 'episode', episode: request.absoluteEpisode } : undefined),
    minSizeBytes: request.minSizeBytes ?? undefined,
    maxSizeBytes: request.maxSizeBytes ?? undefined,
    publishedSince: request.maxAgeDays !== null ? nowSeconds - request.maxAgeDays * SECONDS_PER_DAY : undefined,
    limit: request.limit,
    offset: request.offset,
  }
}
