import type { Database, Statement } from 'bun:sqlite'
import type { ContentRecord } from '../../../enrichment'
import type {
  Candidate,
  ExternalIdsWanted,
  FeedKey,
  LookupKinds,
  MatchBlock,
  RankingRow,
  RowLookups,
  SearchStore,
  TextMatch,
  TorrentWork,
} from '../../../search'
import { StoreError } from '../../errors'
import { type ContentRow, toContentRecord } from './content-row'
import { createCursorSlot } from './cursor-slot'
import { createFeedWalk } from './feed-walk'
import { JOIN_LOOKED_UP_CONTENT, MERGED_ID_COLUMNS } from '../../shared/looked-up-content'
import { TORRENTS_OF_LOOKED_UP_IDS } from './looked-up-content'
import { tokenExpression, toMatchExpression } from './match-expression'

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

/** A Candidate with its ground-truth ids; the page adds the looked-up ones (pageExtras). */
const CANDIDATE_COLUMNS = `${ROW_COLUMNS}, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id`

const RANKING_COLUMNS = `t.id, t.info_hash, t.name, t.published_at, t.evidence_score, c.confidence, c.title, ${WANTED}`

/**
 * A list of values bound as one JSON parameter: `x IN (SELECT value FROM json_each(?))` keeps
 * one prepared statement for any number of values (an IN list of `?`s compiles one per length)
 * and SQLite still seeks the index once per value.
 */
const IN_LIST = 'SELECT value FROM json_each(?)'
const listOf = (values: readonly (string | number)[]): string => JSON.stringify(values)

/** Matches newest first; the second form continues below an id (FTS5 seeks its posting lists to a rowid bound). */
const textMatchesOf = (columns: string, below: boolean) =>
  `SELECT ${columns} FROM torrent_search s
   JOIN torrents t ON t.id = s.rowid JOIN torrent_classifications c ON c.torrent_id = t.id
   WHERE torrent_search MATCH ?${below ? ' AND s.rowid < ?' : ''} ORDER BY s.rowid DESC`

/** What the next snapshot waits on: the end of the last, not its result (which would stay alive until then). */
const noop = () => {}

/** Rejects with StoreError, the engine's error kept as the cause (issue 31: one error class whatever the engine). */
function settle<T>(read: () => T): Promise<T> {
  try {
    return Promise.resolve(read())
  } catch (err) {
    return Promise.reject(new StoreError(err instanceof Error ? err.message : String(err), { cause: err }))
  }
}

/**
 * The search's reads on one SQLite connection (a search thread's read-only one). Reads only: the
 * ingest writer owns every write, and WAL lets these run beside a batch commit. Every call runs
 * synchronously and returns a settled Promise; the text and feed walks keep their statements
 * open between the blocks of one search (cursor-slot.ts, feed-walk.ts).
 */
export function createSqliteSearchStore(db: Database): SearchStore {
  const textMatches = db.prepare<Candidate, [string]>(textMatchesOf(CANDIDATE_COLUMNS, false))
  // Reading a column costs about a microsecond a row: unfiltered text searches read only what ranking needs.
  const rankingMatches = db.prepare<RankingRow, [string]>(textMatchesOf(RANKING_COLUMNS, false))
  // Prepared when first needed: a search reads on from where its last block stopped, without a bound.
  let textMatchesBelow: Statement<Candidate, [string, number]> | undefined
  let rankingMatchesBelow: Statement<RankingRow, [string, number]> | undefined
  const fullSlot = createCursorSlot<Candidate>()
  const rankingSlot = createCursorSlot<RankingRow>()
  const feed = createFeedWalk(db)
  // Rows are read by id in one statement: one call for many ids costs a tenth of a call per id.
  const byIds = db.prepare<Candidate, [string]>(
    `SELECT ${CANDIDATE_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.id IN (${IN_LIST})`,
  )
  const tagsInOrder = db.prepare<{ torrent_id: number; value: string }, [string]>(
    `SELECT torrent_id, tag AS value FROM torrent_tags WHERE torrent_id IN (${IN_LIST}) ORDER BY torrent_id, tag`,
  )
  const perTorrentOf = (statement: Statement<{ torrent_id: number; value: string }, [string]>) => (ids: readonly number[]) => {
    const values = new Map<number, string[]>()
    for (const row of statement.all(listOf(ids))) values.set(row.torrent_id, [...(values.get(row.torrent_id) ?? []), row.value])
    return values
  }
  const fileTypesPerTorrent = perTorrentOf(
    db.prepare(`SELECT DISTINCT torrent_id, file_type AS value FROM torrent_files WHERE torrent_id IN (${IN_LIST})`),
  )
  const sourcesPerTorrent = perTorrentOf(
    db.prepare(
      `SELECT ts.torrent_id, s.key AS value FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id WHERE ts.torrent_id IN (${IN_LIST})`,
    ),
  )
  const tagsPerTorrent = perTorrentOf(db.prepare(`SELECT torrent_id, tag AS value FROM torrent_tags WHERE torrent_id IN (${IN_LIST})`))
  // The work of each torrent, ground truth's ids filled from the looked-up work, with its title.
  type WorkRow = { torrent_id: number; content_type: string; tmdb_id: number | null; imdb_id: string | null; tvdb_id: number | null }
  const worksOf = db.prepare<WorkRow & { title: string | null; year: number | null }, [string]>(
    `SELECT c.torrent_id, c.content_type, ${MERGED_ID_COLUMNS}, coalesce(ct.title, c.title) AS title, coalesce(ct.year, c.year) AS year
     FROM torrent_classifications c ${JOIN_LOOKED_UP_CONTENT} WHERE c.torrent_id IN (${IN_LIST})`,
  )
  const worksPerTorrent = (ids: readonly number[]) => {
    const works = new Map<number, TorrentWork>()
    for (const row of worksOf.all(listOf(ids)))
      works.set(row.torrent_id, {
        contentType: row.content_type,
        tmdb: row.tmdb_id,
        imdb: row.imdb_id,
        tvdb: row.tvdb_id,
        title: row.title,
        year: row.year,
      })
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
  const begin = db.prepare('BEGIN')
  const commit = db.prepare('COMMIT')

  /** Rows of these ids read by `statement`, in the order given. */
  const inOrder = (statement: Statement<Candidate, [string]>, ids: readonly number[]): Candidate[] => {
    if (ids.length === 0) return []
    const rows = new Map<number, Candidate>()
    for (const row of statement.all(listOf(ids))) rows.set(row.id, row)
    return ids.flatMap((id) => rows.get(id) ?? [])
  }

  /** Whether a search's snapshot is open: the walks then stay open between its blocks. */
  let inSnapshot = false
  /** Searches on one connection take turns: a snapshot is one read transaction of the connection. */
  let turn: Promise<unknown> = Promise.resolve()

  function matchBlock(match: TextMatch, shape: 'ranking', beforeId: number | null, limit: number): Promise<MatchBlock<RankingRow>>
  function matchBlock(match: TextMatch, shape: 'full', beforeId: number | null, limit: number): Promise<MatchBlock<Candidate>>
  function matchBlock(match: TextMatch, shape: 'ranking' | 'full', beforeId: number | null, limit: number) {
    return settle(() => {
      const expression = toMatchExpression(match)
      const [slot, from, below] =
        shape === 'full'
          ? [fullSlot, textMatches, () => (textMatchesBelow ??= db.prepare(textMatchesOf(CANDIDATE_COLUMNS, true)))]
          : [rankingSlot, rankingMatches, () => (rankingMatchesBelow ??= db.prepare(textMatchesOf(RANKING_COLUMNS, true)))]
      const { rows, isEnd } = (slot as typeof fullSlot).take(
        `${expression}\n${beforeId}`,
        () => (beforeId === null ? from.iterate(expression) : below().iterate(expression, beforeId)) as Iterator<Candidate>,
        limit,
        (row) => `${expression}\n${row.id}`,
      )
      if (!inSnapshot) slot.close()
      return { rows, nextBeforeId: isEnd || rows.length === 0 ? null : rows.at(-1)!.id }
    })
  }

  const store: SearchStore = {
    matchBlock,

    matchIds: (match, cap) =>
      settle(() => {
        const ids = matchIdsUpTo.all(toMatchExpression(match), cap + 1).map((row) => row.id)
        return ids.length > cap ? null : ids.reverse()
      }),

    countMatches: (match) => settle(() => ({ total: countMatches.get(toMatchExpression(match))!.n, isEstimate: false })),

    // Ids freed by deletes count as not holding the token: an estimate, for choosing a plan.
    shareOfNewest: (tokens, window) =>
      settle(() => {
        const top = newestId.get()!.top
        const shares = new Map<string, number>()
        for (const token of tokens)
          shares.set(token, top === 0 ? 0 : countMatchesAfter.get(tokenExpression(token), top - window)!.n / Math.min(window, top))
        return shares
      }),

    feedBlock: (categories, after: FeedKey | null, limit) => settle(() => feed.block(categories, after, limit, inSnapshot)),

    candidates: (ids) => settle(() => inOrder(byIds, ids)),

    externalIdMatches: (ids: ExternalIdsWanted) =>
      settle(() => {
        if (ids.imdb.length + ids.tmdb.length + ids.tvdb.length + ids.tvmaze.length === 0) return []
        const [imdb, tmdb, tvdb] = [listOf(ids.imdb), listOf(ids.tmdb), listOf(ids.tvdb)]
        return byExternalIds.all(imdb, tmdb, tvdb, listOf(ids.tvmaze), imdb, tmdb, tvdb).map((row) => row.id)
      }),

    candidatesWithLookedUpIds: (ids) => settle(() => inOrder(byIdsWithLookedUpIds, ids)),

    withInfoHashes: (infoHashes) => settle(() => (infoHashes.length === 0 ? [] : byInfoHashes.all(listOf(infoHashes)))),

    countOfContentTypes: (types) => settle(() => countTypes.get(listOf(types))!.n),

    countInCategories: (categories) =>
      settle(() => (categories === null ? countClassified.get()!.n : inCategories.get(listOf(categories))!.n)),

    rowLookups: (ids, kinds: LookupKinds) =>
      settle(
        (): RowLookups => ({
          tags: kinds.tags ? tagsPerTorrent(ids) : new Map(),
          sources: kinds.sources ? sourcesPerTorrent(ids) : new Map(),
          fileTypes: kinds.fileTypes ? fileTypesPerTorrent(ids) : new Map(),
          works: kinds.works ? worksPerTorrent(ids) : new Map(),
        }),
      ),

    pageExtras: (ids) =>
      settle(() => {
        const tags = new Map<number, string[]>()
        const contents = new Map<number, ContentRecord>()
        if (ids.length === 0) return { tags, contents, isArtworkEnabled: false }
        const list = listOf(ids)
        for (const row of tagsInOrder.all(list)) tags.set(row.torrent_id, [...(tags.get(row.torrent_id) ?? []), row.value])
        for (const { torrent_id, ...row } of contentsOf.all(list)) contents.set(torrent_id, toContentRecord(row))
        return { tags, contents, isArtworkEnabled: artworkEnabled.get()?.on === 1 }
      }),

    withSnapshot<T>(search: (store: SearchStore) => Promise<T>): Promise<T> {
      const run = turn.then(async () => {
        begin.run()
        inSnapshot = true
        try {
          return await search(inside)
        } finally {
          inSnapshot = false
          fullSlot.close()
          rankingSlot.close()
          feed.close()
          commit.run()
        }
      })
      turn = run.then(noop, noop)
      return run
    },
  }
  /** The store a snapshot's search is given: a nested snapshot is the one already open. */
  const inside: SearchStore = { ...store, withSnapshot: (search) => search(inside) }
  return store
}
