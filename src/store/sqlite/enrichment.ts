import type { BacklogCounts, ContentKey, EnrichedType, EnrichmentStore, FeedState, TmdbCandidate, TmdbExternalIds } from '../../enrichment'
import { writeTransaction } from '../sqlite-file'
import type { DatabaseHandle } from './open-database'
import { asPortMethods } from './port-call'

/**
 * The classification columns a key is made of, as migration 0027's index spells them (the index is
 * used only when a query repeats its expressions and its WHERE).
 */
const TITLED_WORK = "c.title IS NOT NULL AND c.content_type IN ('movie', 'tv_show')"

/** The backlog, the cache and the contents rows. Decides nothing: the resolver does. */
export function createSqliteEnrichmentStore(handle: DatabaseHandle): EnrichmentStore {
  const db = handle.sqlite
  const state = db.prepare<{ artwork_enabled: number; fed_through: number | null; backfill_before: number | null }, []>(
    'SELECT artwork_enabled, fed_through, backfill_before FROM enrichment_state WHERE id = 1',
  )
  const setEnabled = db.prepare<never, [number]>('UPDATE enrichment_state SET artwork_enabled = ? WHERE id = 1')
  const setFed = db.prepare<never, [number, number]>('UPDATE enrichment_state SET fed_through = ?, backfill_before = ? WHERE id = 1')
  const maxTorrentId = db.prepare<{ id: number }, []>('SELECT coalesce(max(id), 0) AS id FROM torrents')
  // Upserts the keys of the titled movies and series among torrent ids (from, to]: a key seen
  // again keeps its status (the cache) and takes the newer time and any grab (its priority).
  const feed = db.prepare<never, [number, number]>(
    `INSERT INTO content_keys (content_type, title, year, status, grabbed, newest_at)
     SELECT c.content_type, lower(c.title), coalesce(c.year, 0), 'pending', max(t.grabs > 0), max(t.published_at)
     FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id
     WHERE c.torrent_id > ? AND c.torrent_id <= ? AND ${TITLED_WORK} AND trim(c.title) != ''
     GROUP BY 1, 2, 3
     ON CONFLICT (content_type, title, year) DO UPDATE
       SET newest_at = max(newest_at, excluded.newest_at), grabbed = max(grabbed, excluded.grabbed)`,
  )
  const requeue = db.prepare<never, [number]>("UPDATE content_keys SET status = 'pending' WHERE status = 'not_found' AND checked_at < ?")
  const pending = db.prepare<{ content_type: EnrichedType; title: string; year: number }, [number]>(
    "SELECT content_type, title, year FROM content_keys WHERE status = 'pending' ORDER BY grabbed DESC, newest_at DESC LIMIT ?",
  )
  const contentIdOf = db.prepare<{ id: number }, [number, string]>('SELECT id FROM contents WHERE tmdb_id = ? AND content_type = ?')
  const upsertContent = db.prepare<{ id: number }, (string | number | null)[]>(
    `INSERT INTO contents (content_type, tmdb_id, imdb_id, tvdb_id, title, original_title, original_language, release_date, year,
       poster_path, poster_url, overview, genres, popularity, vote_average, vote_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (tmdb_id, content_type) DO UPDATE SET imdb_id = excluded.imdb_id, tvdb_id = excluded.tvdb_id,
       title = excluded.title, original_title = excluded.original_title, original_language = excluded.original_language,
       release_date = excluded.release_date, year = excluded.year, poster_path = excluded.poster_path,
       poster_url = excluded.poster_url, overview = excluded.overview, genres = excluded.genres,
       popularity = excluded.popularity, vote_average = excluded.vote_average, vote_count = excluded.vote_count,
       updated_at = excluded.updated_at
     RETURNING id`,
  )
  const settle = db.prepare<never, [string, number | null, number, string, string, number]>(
    'UPDATE content_keys SET status = ?, content_id = ?, checked_at = ? WHERE content_type = ? AND title = ? AND year = ?',
  )
  const grabbed = db.prepare<never, [string]>(
    `UPDATE content_keys SET grabbed = 1
     WHERE status = 'pending' AND (content_type, title, year) IN (
       SELECT c.content_type, lower(c.title), coalesce(c.year, 0) FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
       WHERE t.info_hash = unhex(?) AND ${TITLED_WORK})`,
  )
  // Each count walks one partial index (18 ms for 290,000 pending keys); a GROUP BY over the
  // table took 150 ms at 580,000 keys, too long for a metrics scrape on the main thread.
  const counts = db.prepare<{ pending: number; resolved: number; not_found: number }, []>(
    `SELECT (SELECT count(*) FROM content_keys WHERE status = 'pending') AS pending,
            (SELECT count(*) FROM content_keys WHERE content_id IS NOT NULL) AS resolved,
            (SELECT count(*) FROM content_keys WHERE status = 'not_found') AS not_found`,
  )

  const settleKey = (key: ContentKey, status: 'resolved' | 'not_found', contentId: number | null, nowSeconds: number) =>
    settle.run(status, contentId, nowSeconds, key.contentType, key.title, key.year)

  return asPortMethods({
    feedState(): FeedState & { artworkEnabled: boolean } {
      const row = state.get()!
      return { artworkEnabled: row.artwork_enabled === 1, fedThrough: row.fed_through, backfillBefore: row.backfill_before }
    },
    setArtworkEnabled: (enabled: boolean): void => void setEnabled.run(enabled ? 1 : 0),
    startFeeding(): FeedState {
      const top = maxTorrentId.get()!.id
      setFed.run(top, top + 1)
      return { fedThrough: top, backfillBefore: top + 1 }
    },
    maxTorrentId: (): number => maxTorrentId.get()!.id,
    feedRange: writeTransaction(db, (from: number, to: number, next: FeedState): void => {
      feed.run(from, to)
      setFed.run(next.fedThrough!, next.backfillBefore!)
    }),
    requeueNotFound: (beforeSeconds: number): number => requeue.run(beforeSeconds).changes,
    nextPending: (limit: number): ContentKey[] =>
      pending.all(limit).map((row) => ({ contentType: row.content_type, title: row.title, year: row.year })),
    contentIdOf: (type: EnrichedType, tmdbId: number): number | null => contentIdOf.get(tmdbId, type)?.id ?? null,
    saveMatch: writeTransaction(
      db,
      (
        key: ContentKey,
        candidate: TmdbCandidate,
        ids: TmdbExternalIds,
        extra: { posterUrl: string | null; genres: string },
        nowSeconds: number,
      ): number => {
        const { id } = upsertContent.get(
          key.contentType,
          candidate.tmdbId,
          ids.imdbId,
          ids.tvdbId,
          candidate.title,
          candidate.originalTitle,
          candidate.originalLanguage,
          candidate.releaseDate,
          candidate.releaseDate ? Number(candidate.releaseDate.slice(0, 4)) : null,
          candidate.posterPath,
          extra.posterUrl,
          candidate.overview,
          extra.genres,
          candidate.popularity,
          candidate.voteAverage,
          candidate.voteCount,
          nowSeconds,
          nowSeconds,
        )!
        settleKey(key, 'resolved', id, nowSeconds)
        return id
      },
    ),
    linkKey: (key: ContentKey, contentId: number, nowSeconds: number): void => void settleKey(key, 'resolved', contentId, nowSeconds),
    markNotFound: (key: ContentKey, nowSeconds: number): void => void settleKey(key, 'not_found', null, nowSeconds),
    prioritise: (infoHash: string): number => grabbed.run(infoHash).changes,
    counts(): BacklogCounts {
      const row = counts.get()!
      return { pending: row.pending, resolved: row.resolved, notFound: row.not_found }
    },
  })
}
