import type { SQL } from 'bun'
import type {
  BacklogCounts,
  ContentKey,
  EnrichedType,
  EnrichmentStore,
  FeedState,
  TmdbCandidate,
  TmdbExternalIds,
} from '../../../enrichment'
import { int, intOrNull, pgCall } from '../pools'

/**
 * The classification columns a key is made of, as the torrent_classifications_content_key index
 * spells them (the index is used only when a query repeats its expressions and its WHERE).
 */
const TITLED_WORK = "c.title IS NOT NULL AND c.content_type IN ('movie', 'tv_show')"

/** What a work found again takes from TMDB: everything but its key and when it was first stored. */
const REFRESHED_ON_MATCH = [
  'imdb_id',
  'tvdb_id',
  'title',
  'original_title',
  'original_language',
  'release_date',
  'year',
  'poster_path',
  'poster_url',
  'overview',
  'genres',
  'popularity',
  'vote_average',
  'vote_count',
  'updated_at',
]
  .map((column) => `${column} = excluded.${column}`)
  .join(', ')

/** The backlog, the cache and the contents rows. Decides nothing: the resolver does. */
export function createPgEnrichmentStore(sql: SQL): EnrichmentStore {
  const maxTorrentId = async (): Promise<number> => int((await sql`SELECT coalesce(max(id), 0) AS id FROM torrents`)[0].id)
  const setFed = (tx: SQL, state: FeedState) =>
    tx`UPDATE enrichment_state SET fed_through = ${state.fedThrough}, backfill_before = ${state.backfillBefore} WHERE id = 1`
  const settleKey = (tx: SQL, key: ContentKey, status: 'resolved' | 'not_found', contentId: number | null, nowSeconds: number) =>
    tx`UPDATE content_keys SET status = ${status}, content_id = ${contentId}, checked_at = ${nowSeconds}
      WHERE content_type = ${key.contentType} AND title = ${key.title} AND year = ${key.year}`

  return {
    feedState: pgCall(async (): Promise<FeedState & { artworkEnabled: boolean }> => {
      const [row] = await sql`SELECT artwork_enabled, fed_through, backfill_before FROM enrichment_state WHERE id = 1`
      return { artworkEnabled: row.artwork_enabled, fedThrough: intOrNull(row.fed_through), backfillBefore: intOrNull(row.backfill_before) }
    }),
    setArtworkEnabled: pgCall(async (enabled: boolean) => {
      await sql`UPDATE enrichment_state SET artwork_enabled = ${enabled} WHERE id = 1`
    }),
    startFeeding: pgCall(async (): Promise<FeedState> => {
      const top = await maxTorrentId()
      const state = { fedThrough: top, backfillBefore: top + 1 }
      await setFed(sql, state)
      return state
    }),
    maxTorrentId: pgCall(maxTorrentId),
    // Upserts the keys of the titled movies and series among torrent ids (from, to]: a key seen
    // again keeps its status (the cache) and takes the newer time and any grab (its priority).
    feedRange: pgCall((from: number, to: number, next: FeedState) =>
      sql.begin(async (tx) => {
        await tx.unsafe(
          `INSERT INTO content_keys (content_type, title, year, status, grabbed, newest_at)
           SELECT c.content_type, lower(c.title), coalesce(c.year, 0), 'pending', max((t.grabs > 0)::int), max(t.published_at)
           FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id
           WHERE c.torrent_id > $1 AND c.torrent_id <= $2 AND ${TITLED_WORK} AND trim(c.title) <> ''
           GROUP BY 1, 2, 3
           ON CONFLICT (content_type, title, year) DO UPDATE
             SET newest_at = greatest(content_keys.newest_at, excluded.newest_at), grabbed = greatest(content_keys.grabbed, excluded.grabbed)`,
          [from, to],
        )
        await setFed(tx, next)
      }),
    ),
    requeueNotFound: pgCall(async (beforeSeconds: number) => {
      const result = await sql`UPDATE content_keys SET status = 'pending' WHERE status = 'not_found' AND checked_at < ${beforeSeconds}`
      return result.count
    }),
    nextPending: pgCall(async (limit: number): Promise<ContentKey[]> => {
      const rows = await sql`SELECT content_type, title, year FROM content_keys WHERE status = 'pending'
        ORDER BY grabbed DESC, newest_at DESC LIMIT ${limit}`
      return rows.map((row: { content_type: EnrichedType; title: string; year: number }) => ({
        contentType: row.content_type,
        title: row.title,
        year: row.year,
      }))
    }),
    contentIdOf: pgCall(async (type: EnrichedType, tmdbId: number) => {
      const [row] = await sql`SELECT id FROM contents WHERE tmdb_id = ${tmdbId} AND content_type = ${type}`
      return row ? int(row.id) : null
    }),
    saveMatch: pgCall(
      (
        key: ContentKey,
        candidate: TmdbCandidate,
        ids: TmdbExternalIds,
        extra: { posterUrl: string | null; genres: string },
        nowSeconds: number,
      ) =>
        sql.begin(async (tx) => {
          const [row] = await tx`INSERT INTO contents (content_type, tmdb_id, imdb_id, tvdb_id, title, original_title, original_language,
              release_date, year, poster_path, poster_url, overview, genres, popularity, vote_average, vote_count, created_at, updated_at)
            VALUES (${key.contentType}, ${candidate.tmdbId}, ${ids.imdbId}, ${ids.tvdbId}, ${candidate.title}, ${candidate.originalTitle},
              ${candidate.originalLanguage}, ${candidate.releaseDate},
              ${candidate.releaseDate ? Number(candidate.releaseDate.slice(0, 4)) : null}, ${candidate.posterPath}, ${extra.posterUrl},
              ${candidate.overview}, ${extra.genres}, ${candidate.popularity}, ${candidate.voteAverage}, ${candidate.voteCount},
              ${nowSeconds}, ${nowSeconds})
            ON CONFLICT (tmdb_id, content_type) DO UPDATE SET ${tx.unsafe(REFRESHED_ON_MATCH)}
            RETURNING id`
          const id = int(row.id)
          await settleKey(tx, key, 'resolved', id, nowSeconds)
          return id
        }),
    ),
    linkKey: pgCall(async (key: ContentKey, contentId: number, nowSeconds: number) => {
      await settleKey(sql, key, 'resolved', contentId, nowSeconds)
    }),
    markNotFound: pgCall(async (key: ContentKey, nowSeconds: number) => {
      await settleKey(sql, key, 'not_found', null, nowSeconds)
    }),
    prioritise: pgCall(async (infoHash: string) => {
      const result = await sql.unsafe(
        `UPDATE content_keys SET grabbed = 1
         WHERE status = 'pending' AND (content_type, title, year) IN (
           SELECT c.content_type, lower(c.title), coalesce(c.year, 0) FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
           WHERE t.info_hash = $1 AND ${TITLED_WORK})`,
        [Buffer.from(infoHash, 'hex')],
      )
      return result.count
    }),
    // Each count walks one partial index, as on SQLite: a metrics scrape must stay cheap.
    counts: pgCall(async (): Promise<BacklogCounts> => {
      const [row] = await sql`SELECT (SELECT count(*) FROM content_keys WHERE status = 'pending') AS pending,
          (SELECT count(*) FROM content_keys WHERE content_id IS NOT NULL) AS resolved,
          (SELECT count(*) FROM content_keys WHERE status = 'not_found') AS not_found`
      return { pending: int(row.pending), resolved: int(row.resolved), notFound: int(row.not_found) }
    }),
  }
}
