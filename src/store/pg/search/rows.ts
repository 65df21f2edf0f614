/**
 * The statements' column lists and the row shapes the search hands out, as the SQLite adapter
 * gives them (src/store/sqlite/search): int8 columns come back from Bun.SQL as strings and become
 * numbers, booleans the 0/1 the search reads.
 */
import type { ContentRecord, EnrichedType } from '../../../enrichment'
import type { Candidate, RankingRow } from '../../../search'
import { int, intOrNull } from '../pools'

/**
 * Whether a torrent matched a want the dashboard has registered now (ranking's tie-break): the
 * lookup by torrent runs only while some want is registered.
 */
const WANTED = `CASE WHEN EXISTS (SELECT 1 FROM wants) THEN (EXISTS (SELECT 1 FROM want_matches m JOIN wants w ON w.id = m.want_id
  WHERE m.torrent_id = t.id))::int ELSE 0 END AS wanted`

/** The columns of a Candidate but its ids; `t` is torrents, `c` its classification. */
export const ROW_COLUMNS = `t.id, t.info_hash, t.info_hash_v2, t.name, t.size, t.files_count, t.seeders, t.leechers,
  t.published_at, t.grabs, t.evidence_score, c.content_type, c.categories, c.confidence, c.status, c.title, c.year,
  c.seasons, c.episodes, c.air_date, c.resolution, c.source, c.video_codec, c.hdr, c.audio_channels, c.languages,
  c.release_group, ${WANTED}`

/** A Candidate with its ground-truth ids; the page adds the looked-up ones (pageExtras). */
export const CANDIDATE_COLUMNS = `${ROW_COLUMNS}, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id`

export const RANKING_COLUMNS = `t.id, t.info_hash, t.name, t.published_at, t.evidence_score, c.confidence, c.title, ${WANTED}`

/** The same joins as the SQLite adapter's: the SQL is common to both engines. */
export { JOIN_LOOKED_UP_CONTENT, MERGED_ID_COLUMNS } from '../../shared/looked-up-content'

type Raw = Record<string, unknown>

export function toRankingRow(row: Raw): RankingRow {
  return {
    id: int(row.id),
    info_hash: row.info_hash as Uint8Array,
    name: row.name as string,
    published_at: int(row.published_at),
    evidence_score: Number(row.evidence_score),
    confidence: Number(row.confidence),
    title: row.title as string | null,
    wanted: Number(row.wanted),
  }
}

export function toCandidate(row: Raw): Candidate {
  return {
    ...(row as unknown as Candidate),
    id: int(row.id),
    size: int(row.size),
    published_at: int(row.published_at),
    evidence_score: Number(row.evidence_score),
    confidence: Number(row.confidence),
    tmdb_id: intOrNull(row.tmdb_id),
    tvdb_id: intOrNull(row.tvdb_id),
    tvmaze_id: intOrNull(row.tvmaze_id),
    wanted: Number(row.wanted),
  }
}

export function contentRecordOfPgRow(row: Raw): ContentRecord {
  return {
    id: int(row.id),
    contentType: row.content_type as EnrichedType,
    tmdbId: int(row.tmdb_id),
    imdbId: row.imdb_id as string | null,
    tvdbId: intOrNull(row.tvdb_id),
    title: row.title as string,
    originalTitle: row.original_title as string | null,
    originalLanguage: row.original_language as string | null,
    releaseDate: row.release_date as string | null,
    year: row.year as number | null,
    posterPath: row.poster_path as string | null,
    posterUrl: row.poster_url as string | null,
    overview: row.overview as string | null,
    genres: JSON.parse(row.genres as string) as { id: number; name: string }[],
    popularity: row.popularity as number | null,
    voteAverage: row.vote_average as number | null,
    voteCount: row.vote_count as number | null,
    createdAt: int(row.created_at),
    updatedAt: int(row.updated_at),
  }
}
