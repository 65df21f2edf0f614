import type { ContentRecord, EnrichedType } from '../../../enrichment'

/** A contents row (a work the artwork enrichment looked up), as SELECT ct.* reads it. */
export interface ContentRow {
  id: number
  content_type: EnrichedType
  tmdb_id: number
  imdb_id: string | null
  tvdb_id: number | null
  title: string
  original_title: string | null
  original_language: string | null
  release_date: string | null
  year: number | null
  poster_path: string | null
  poster_url: string | null
  overview: string | null
  genres: string
  popularity: number | null
  vote_average: number | null
  vote_count: number | null
  created_at: number
  updated_at: number
}

/** The row as the search hands it out, its genres parsed from their JSON text. */
export function toContentRecord(row: ContentRow): ContentRecord {
  return {
    id: row.id,
    contentType: row.content_type,
    tmdbId: row.tmdb_id,
    imdbId: row.imdb_id,
    tvdbId: row.tvdb_id,
    title: row.title,
    originalTitle: row.original_title,
    originalLanguage: row.original_language,
    releaseDate: row.release_date,
    year: row.year,
    posterPath: row.poster_path,
    posterUrl: row.poster_url,
    overview: row.overview,
    genres: JSON.parse(row.genres) as { id: number; name: string }[],
    popularity: row.popularity,
    voteAverage: row.vote_average,
    voteCount: row.vote_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
