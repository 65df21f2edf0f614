/** The content types the artwork API resolves: TMDB knows movies and series. */
export const ENRICHED_TYPES = ['movie', 'tv_show'] as const
export type EnrichedType = (typeof ENRICHED_TYPES)[number]

/** A backlog entry: what the classifier parsed, as the key stores it (lowercased title, year or 0). */
export interface ContentKey {
  contentType: EnrichedType
  title: string
  /** 0 when the release named no year. */
  year: number
}

/** One search result of TMDB's /search/movie or /search/tv, in the fields a match reads and a content row keeps. */
export interface TmdbCandidate {
  tmdbId: number
  title: string
  originalTitle: string | null
  originalLanguage: string | null
  /** YYYY-MM-DD (release_date, first_air_date), null when TMDB has none. */
  releaseDate: string | null
  posterPath: string | null
  overview: string | null
  genreIds: number[]
  popularity: number | null
  voteAverage: number | null
  voteCount: number | null
}

/** What external_ids adds: IMDb for both, TVDB for series. */
export interface TmdbExternalIds {
  imdbId: string | null
  tvdbId: number | null
}

/** A work as stored (contents), shared by its torrents. */
export interface ContentRecord {
  id: number
  contentType: EnrichedType
  tmdbId: number
  imdbId: string | null
  tvdbId: number | null
  title: string
  originalTitle: string | null
  originalLanguage: string | null
  releaseDate: string | null
  year: number | null
  posterPath: string | null
  /** The poster at TMDB's image base in w500; null without a poster. */
  posterUrl: string | null
  overview: string | null
  genres: { id: number; name: string }[]
  popularity: number | null
  voteAverage: number | null
  voteCount: number | null
  /** Unix seconds. */
  createdAt: number
  updatedAt: number
}

/** How many keys wait, are resolved and were not found: the queue's metrics. */
export interface BacklogCounts {
  pending: number
  resolved: number
  notFound: number
}

/** Where the feed of the backlog stands. */
export interface FeedState {
  /** Highest torrent id fed; null until a key was first set. */
  fedThrough: number | null
  /** The backfill walks ids below this; 0 once done. */
  backfillBefore: number | null
}
