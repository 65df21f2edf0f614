import type { EpisodeWanted } from '../search'

export const TORZNAB_FUNCTIONS = ['caps', 'search', 'tvsearch', 'movie', 'music', 'book'] as const
export type TorznabFunction = (typeof TORZNAB_FUNCTIONS)[number]

/** Advertised in caps (R9); Sonarr and Radarr then ask for min(100, max) per page. */
export const LIMIT_DEFAULT = 50
export const LIMIT_MAX = 200

/** A validated Torznab request: every value checked and normalised, absent ones null. */
export interface TorznabRequest {
  fn: TorznabFunction
  /** Free text: `q`, plus `artist`/`album`/`author`/`title` where sent. */
  text: string | null
  /** Requested category ids as sent (unknown ones included: they match nothing). */
  categories: number[] | null
  limit: number
  offset: number
  episodes: EpisodeWanted | null
  /** `q` was a bare number beside an id: an absolute episode (anime, R44). */
  absoluteEpisode: number | null
  ids: RequestedIds | null
  minSizeBytes: number | null
  maxSizeBytes: number | null
  maxAgeDays: number | null
}

export interface RequestedIds {
  /** Canonical `tt` + at least 7 digits. */
  imdb: string[]
  tmdb: number[]
  tvdb: number[]
  tvmaze: number[]
  /** TVRage ids: the service is long gone and nothing here carries them (R43: they match nothing). */
  rage: number[]
}
