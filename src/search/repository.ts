import type { Database, Statement } from 'bun:sqlite'
import type { ContentType } from '../classify'
import { type ContentRecord, type ContentRow, toContentRecord } from '../enrichment'
import { bytesToHex } from '../metainfo'
import { contentRefKey, type FacetLookups } from './facets'
import { JOIN_LOOKED_UP_CONTENT, MERGED_ID_COLUMNS, mergeExternalIds, TORRENTS_OF_LOOKED_UP_IDS } from './looked-up-content'
import type { Candidate, ExternalIdsWanted, FacetName, IndexedTorrent, RankingRow } from './model'

/**
 * Whether a torrent matched a want the dashboard has registered now (ranking's tie-break): one
 * seek of want_matches by torrent per candidate, which finds nothing for almost all of them. The
 * seek costs about 3 µs a row, as much as reading the rest of a ranking row, so it is made only
 * while some want is registered (SQLite runs the uncorrelated check once per statement).
 */
const WANTED = `CASE WHEN EXISTS (SELECT 1 FROM wants) THEN EXISTS (SELECT 1 FROM want_matches m JOIN wants w ON w.id = m.want_id
  WHERE m.torrent_id = t.id) ELSE 0 END AS wanted`

/** The columns of a Candidate but its ids; `t` is torrents, `c` its classification. */
const ROW_COLUMNS = `t.id, t.info_hash, t.info_hash_v2, t.name, t.size, t.files_count, t.seeders, t.leechers,
  t.published_at, t.grabs, t.evidence_score, c.content_type, c.categories, c.confidence, c.status, c.title, c.year,
  c.seasons, c.episodes, c.air_date, c.resolution, c.source, c.video_codec, c.hdr, c.audio_channels, c.languages,
  c.release_group, ${WANTED}`

/** A Candidate with its ground-truth ids; the page adds the looked-up ones (toIndexedTorrents). */
const CANDIDATE_COLUMNS = `${ROW_COLUMNS}, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id`

const RANKING_COLUMNS = `t.id, t.info_hash, t.name, t.published_at, t.evidence_score, c.confidence, c.title, ${WANTED}`

/**
 * A list of values bound as one JSON parameter: `x IN (SELECT value FROM json_each(?))` keeps
 * one prepared statement for any number of values (an IN list of `?`s compiles one per length)
 * and SQLite still seeks the index once per value.
 */
const IN_LIST = 'SELECT value FROM json_each(?)'
const listOf = (values: readonly (string | number)[]): string => JSON.stringify(values)

/** Rows of an id search read per statement: one page of Torznab's 100 and its next. */
const ID_BATCH = 128

/** A position in a newest-first feed: the feed time, then the id. */
export interface FeedKey {
  id: number
  published_at: number
}

/**
 * The search queries. Candidates are raw rows read in a fixed order, as far as the service
 * needs; only the page it returns is turned into IndexedTorrents. Reads only: the ingest writer
 * owns every write, and WAL lets these run beside a batch commit.
 */
export function createSearchRepository(db: Database) {
  const textMatchesOf = (columns: string) =>
    db.prepare<Candidate, [string]>(
      `SELECT ${columns} FROM torrent_search s
       JOIN torrents t ON t.id = s.rowid JOIN torrent_classifications c ON c.torrent_id = t.id
       WHERE torrent_search MATCH ? ORDER BY s.rowid DESC`,
    )
  const textMatches = textMatchesOf(CANDIDATE_COLUMNS)
  // Reading a column costs about a microsecond a row: unfiltered text searches read only what ranking needs.
  const textMatchesToRank = textMatchesOf(RANKING_COLUMNS) as unknown as Statement<RankingRow, [string]>
  // Index-only walks: (published_at, id) for every torrent, (category, published_at, torrent_id) per category.
  const newestKeys = db.prepare<FeedKey, []>('SELECT id, published_at FROM torrents ORDER BY published_at DESC, id DESC')
  // One statement per category walked at once: a statement steps through one query at a time.
  const categoryKeys: Statement<FeedKey, [number]>[] = []
  const categoryKeysIn = (slot: number) =>
    (categoryKeys[slot] ??= db.prepare<FeedKey, [number]>(
      'SELECT torrent_id AS id, published_at FROM torrent_categories WHERE category = ? ORDER BY published_at DESC, torrent_id DESC',
    ))
  // Rows are read by id in one statement: one call for many ids costs a tenth of a call per id.
  const byIds = db.prepare<Candidate, [string]>(
    `SELECT ${CANDIDATE_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.id IN (${IN_LIST})`,
  )
  const tagsOf = db.prepare<{ torrent_id: number; tag: string }, [string]>(
    `SELECT torrent_id, tag FROM torrent_tags WHERE torrent_id IN (${IN_LIST}) ORDER BY torrent_id, tag`,
  )
  const perTorrentOf = (sql: string) => {
    const statement = db.prepare<{ torrent_id: number; value: string }, [string]>(sql)
    return (ids: number[]) => {
      const values = new Map<number, string[]>()
      for (const row of statement.all(listOf(ids))) values.set(row.torrent_id, [...(values.get(row.torrent_id) ?? []), row.value])
      return values
    }
  }
  const fileTypesPerTorrent = perTorrentOf(
    `SELECT DISTINCT torrent_id, file_type AS value FROM torrent_files WHERE torrent_id IN (${IN_LIST})`,
  )
  const sourcesPerTorrent = perTorrentOf(
    `SELECT ts.torrent_id, s.key AS value FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id WHERE ts.torrent_id IN (${IN_LIST})`,
  )
  const tagsPerTorrent = perTorrentOf(`SELECT torrent_id, tag AS value FROM torrent_tags WHERE torrent_id IN (${IN_LIST})`)
  // The work of each torrent, ground truth's ids filled from the looked-up work, with its title.
  type WorkRow = { torrent_id: number; content_type: string; tmdb_id: number | null; imdb_id: string | null; tvdb_id: number | null }
  const worksOf = db.prepare<WorkRow & { title: string | null; year: number | null }, [string]>(
    `SELECT c.torrent_id, c.content_type, ${MERGED_ID_COLUMNS}, coalesce(ct.title, c.title) AS title, coalesce(ct.year, c.year) AS year
     FROM torrent_classifications c ${JOIN_LOOKED_UP_CONTENT} WHERE c.torrent_id IN (${IN_LIST})`,
  )
  const worksPerTorrent = (ids: number[]) => {
    const works = new Map<number, { key: string; label: string }>()
    for (const row of worksOf.all(listOf(ids))) {
      const key = contentRefKey(row.content_type, { tmdb: row.tmdb_id, imdb: row.imdb_id, tvdb: row.tvdb_id })
      if (key === null) continue
      const label = row.title ? (row.year ? `${row.title} (${row.year})` : row.title) : key.split(':').slice(1).join(' ')
      works.set(row.torrent_id, { key, label })
    }
    return works
  }
  const inCategories = db.prepare<{ n: number }, [string]>(
    `SELECT count(DISTINCT torrent_id) AS n FROM torrent_categories WHERE category IN (${IN_LIST})`,
  )
  const byInfoHashes = db.prepare<Candidate, [string]>(
    `SELECT ${CANDIDATE_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
     WHERE t.info_hash IN (SELECT unhex(value) FROM json_each(?)) ORDER BY t.published_at DESC, t.id DESC`,
  )
  // Ground-truth ids (confirmed torrents) and looked-up ones (the works of the artwork
  // enrichment), each an index seek per id. Only the ids, latest indexed first (id order, which
  // the indexes give for free): a popular series has thousands of torrents, and each row costs
  // a few µs to reach, so full rows are read a batch at a time, as far as the page needs
  // (ordering by published_at would reach every row first: 40 ms for 14,000 torrents).
  const byExternalIds = db.prepare<{ id: number }, [string, string, string, string, string, string, string]>(
    `SELECT torrent_id AS id FROM (SELECT torrent_id FROM torrent_classifications WHERE imdb_id IN (${IN_LIST})
       UNION SELECT torrent_id FROM torrent_classifications WHERE tmdb_id IN (${IN_LIST})
       UNION SELECT torrent_id FROM torrent_classifications WHERE tvdb_id IN (${IN_LIST})
       UNION SELECT torrent_id FROM torrent_classifications WHERE tvmaze_id IN (${IN_LIST})
       UNION ${TORRENTS_OF_LOOKED_UP_IDS(IN_LIST)})
     ORDER BY torrent_id DESC`,
  )
  // The rows with their merged ids, so the filter drops one whose ground truth contradicts the lookup.
  const byIdsWithLookedUpIds = db.prepare<Candidate, [string]>(
    `SELECT ${ROW_COLUMNS}, ${MERGED_ID_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
     ${JOIN_LOOKED_UP_CONTENT} WHERE t.id IN (${IN_LIST})`,
  )
  const contentsOf = db.prepare<ContentRow & { torrent_id: number }, [string]>(
    `SELECT c.torrent_id, ct.* FROM torrent_classifications c ${JOIN_LOOKED_UP_CONTENT}
     WHERE c.torrent_id IN (${IN_LIST}) AND ct.id IS NOT NULL`,
  )
  // Without an artwork key nothing may lead a client to TMDB: posters are left out (DESIGN.md 3.15).
  const artworkEnabled = db.prepare<{ on: number }, []>('SELECT artwork_enabled AS "on" FROM enrichment_state')
  const newestId = db.prepare<{ top: number }, []>('SELECT coalesce(max(id), 0) AS top FROM torrents')
  // FTS5 seeks a posting list to a rowid bound: a walk of at most the window's entries.
  const countMatchesAfter = db.prepare<{ n: number }, [string, number]>(
    'SELECT count(*) AS n FROM torrent_search WHERE torrent_search MATCH ? AND rowid > ?',
  )
  const countMatches = db.prepare<{ n: number }, [string]>('SELECT count(*) AS n FROM torrent_search WHERE torrent_search MATCH ?')
  // In the index's own order: asking FTS5 for newest first walks its lists backwards, 30-50 % slower.
  const matchIdsUpTo = db.prepare<{ id: number }, [string, number]>(
    'SELECT rowid AS id FROM torrent_search WHERE torrent_search MATCH ? LIMIT ?',
  )
  // Every classified torrent: from the counts the triggers keep (migration 0018), since counting
  // them walks a whole index (tens of ms per million).
  const countTypes = db.prepare<{ n: number }, [string]>(
    `SELECT coalesce(sum(torrents), 0) AS n FROM torrent_counts WHERE content_type IN (${IN_LIST})`,
  )
  const countClassified = db.prepare<{ n: number }, []>(
    "SELECT coalesce(sum(torrents), 0) AS n FROM torrent_counts WHERE content_type != 'unknown'",
  )
  const hasTag = db.prepare<{ found: number }, [number, string]>('SELECT 1 AS found FROM torrent_tags WHERE torrent_id = ? AND tag = ?')
  /** The rows of these ids, in the order given (ids without a classified torrent are left out). */
  const candidates = (ids: number[]): Candidate[] => {
    if (ids.length === 0) return []
    const rows = new Map<number, Candidate>()
    for (const row of byIds.all(listOf(ids))) rows.set(row.id, row)
    return ids.flatMap((id) => rows.get(id) ?? [])
  }

  return {
    /** Torrents matching an FTS5 expression, most recently added first, every column read. */
    *matchText(matchExpression: string): Generator<Candidate> {
      yield* textMatches.iterate(matchExpression)
    },

    /** The same, with only the columns ranking reads. */
    *matchTextToRank(matchExpression: string): Generator<RankingRow> {
      yield* textMatchesToRank.iterate(matchExpression)
    },

    /** Feed positions of every torrent, or of one category's, newest first. */
    *newestKeys(category: number | null, slot = 0): Generator<FeedKey> {
      yield* category === null ? newestKeys.iterate() : categoryKeysIn(slot).iterate(category)
    },

    candidates,

    /** The rows of these ids as `candidates` gives them, read a batch at a time, so that a scan that stops early reads no further. */
    *candidatesInBatches(ids: number[]): Generator<Candidate> {
      for (let start = 0; start < ids.length; start += ID_BATCH) yield* candidates(ids.slice(start, start + ID_BATCH))
    },

    /** Torrents carrying any of the ids, confirmed or looked up, latest indexed first, read a batch at a time. */
    *withExternalIds(ids: ExternalIdsWanted): Generator<Candidate> {
      if (ids.imdb.length + ids.tmdb.length + ids.tvdb.length + ids.tvmaze.length === 0) return
      const [imdb, tmdb, tvdb] = [listOf(ids.imdb), listOf(ids.tmdb), listOf(ids.tvdb)]
      const ordered = byExternalIds.all(imdb, tmdb, tvdb, listOf(ids.tvmaze), imdb, tmdb, tvdb).map((row) => row.id)
      for (let start = 0; start < ordered.length; start += ID_BATCH) {
        const batch = ordered.slice(start, start + ID_BATCH)
        const rows = new Map(byIdsWithLookedUpIds.all(listOf(batch)).map((row) => [row.id, row]))
        for (const id of batch) {
          const row = rows.get(id)
          if (row) yield row
        }
      }
    },

    /** How many torrents match an FTS5 expression (a walk of the posting lists, no rows read). */
    countMatches(matchExpression: string): number {
      return countMatches.get(matchExpression)!.n
    },

    /** Every torrent matching an FTS5 expression, newest first; null past `cap` (the posting lists only, no row read). */
    allMatchIds(matchExpression: string, cap: number): number[] | null {
      const ids = matchIdsUpTo.all(matchExpression, cap + 1).map((row) => row.id)
      return ids.length > cap ? null : ids.reverse()
    },

    /**
     * The share of the newest `window` ids whose name or title holds the token (0 in an empty
     * index). Ids freed by deletes count as not holding it: an estimate, for choosing a plan.
     */
    shareOfNewest(token: string, window: number): number {
      const top = newestId.get()!.top
      if (top === 0) return 0
      return countMatchesAfter.get(`{name title} : "${token}"`, top - window)!.n / Math.min(window, top)
    },

    /** Torrents of these content types, from the counters the triggers keep (migration 0018). */
    countOfContentTypes(types: readonly string[]): number {
      return countTypes.get(listOf(types))!.n
    },

    /** How many torrents are in any of these categories (null: in the index). */
    countInCategories(categories: number[] | null): number {
      if (categories === null) return countClassified.get()!.n
      return inCategories.get(listOf(categories))!.n
    },

    /**
     * The facet values that live beside the row, per torrent, read only for the facets counted
     * (each is a read of another table, of cold pages as often as not): file types, sources, tags, the work.
     */
    facetLookups(ids: number[], facets: readonly FacetName[]): FacetLookups {
      const readFor = <T>(facet: FacetName, read: (ids: number[]) => Map<number, T>) =>
        facets.includes(facet) ? read(ids) : new Map<number, T>()
      return {
        fileTypes: readFor('torrentFileType', fileTypesPerTorrent),
        sources: readFor('torrentSource', sourcesPerTorrent),
        tags: readFor('torrentTag', tagsPerTorrent),
        contents: readFor('content', worksPerTorrent),
      }
    },

    sourcesPerTorrent,
    fileTypesPerTorrent,

    /** These torrents, newest first. */
    withInfoHashes(infoHashes: string[]): Candidate[] {
      if (infoHashes.length === 0) return []
      return byInfoHashes.all(listOf(infoHashes))
    },

    hasTag(torrentId: number, tag: string): boolean {
      return hasTag.get(torrentId, tag) !== null
    },

    /** The page's candidates as results: JSON columns read, tags and looked-up works added. */
    toIndexedTorrents(candidates: Candidate[]): IndexedTorrent[] {
      const ids = listOf(candidates.map((candidate) => candidate.id))
      const tags = new Map<number, string[]>()
      for (const row of tagsOf.all(ids)) {
        tags.set(row.torrent_id, [...(tags.get(row.torrent_id) ?? []), row.tag])
      }
      const contents = new Map<number, ContentRecord>()
      if (candidates.length > 0) {
        const withArtwork = artworkEnabled.get()?.on === 1
        for (const { torrent_id, ...row } of contentsOf.all(ids)) {
          const content = toContentRecord(row)
          contents.set(torrent_id, withArtwork ? content : { ...content, posterPath: null, posterUrl: null })
        }
      }
      return candidates.map((row) => toIndexedTorrent(row, tags.get(row.id) ?? [], contents.get(row.id) ?? null))
    },
  }
}

export type SearchRepository = ReturnType<typeof createSearchRepository>

function toIndexedTorrent(row: Candidate, tags: string[], content: ContentRecord | null): IndexedTorrent {
  return {
    id: row.id,
    infoHash: bytesToHex(row.info_hash),
    infoHashV2: row.info_hash_v2 ? bytesToHex(row.info_hash_v2) : null,
    name: row.name,
    sizeBytes: row.size,
    filesCount: row.files_count,
    seeders: row.seeders,
    leechers: row.leechers,
    publishedAt: row.published_at,
    grabs: row.grabs,
    evidenceScore: row.evidence_score,
    contentType: row.content_type as ContentType,
    categories: JSON.parse(row.categories) as number[],
    confidence: row.confidence,
    status: row.status,
    title: row.title,
    year: row.year,
    seasons: JSON.parse(row.seasons) as number[],
    episodes: JSON.parse(row.episodes) as number[],
    airDate: row.air_date,
    resolution: row.resolution,
    source: row.source,
    videoCodec: row.video_codec,
    hdr: JSON.parse(row.hdr) as string[],
    audioChannels: row.audio_channels,
    languages: JSON.parse(row.languages) as string[],
    releaseGroup: row.release_group,
    externalIds: mergeExternalIds({ imdb: row.imdb_id, tmdb: row.tmdb_id, tvdb: row.tvdb_id, tvmaze: row.tvmaze_id }, content),
    content,
    tags,
  }
}
