import type { ContentRecord } from '../../../enrichment'
import type {
  Candidate,
  ExternalIdsWanted,
  FeedBlock,
  FeedKey,
  LookupKinds,
  MatchBlock,
  RankingRow,
  RowLookups,
  SearchStore,
  TextMatch,
  TorrentWork,
} from '../../../search'
import { int, intOrNull } from '../pools'
import { likelyMatches, newestMatches } from './match-plan'
import type { SearchPartition } from './partition-stats'
import type { ReadSession } from './read-session'
import {
  CANDIDATE_COLUMNS,
  JOIN_LOOKED_UP_CONTENT,
  MERGED_ID_COLUMNS,
  RANKING_COLUMNS,
  ROW_COLUMNS,
  toCandidate,
  contentRecordOfPgRow,
  toRankingRow,
} from './rows'
import { lexeme, toTsQuery } from './tsquery'

/** Statistics putting a match's documents past this many times matchIds' cap mean past the cap. */
const SURELY_PAST_CAP = 4

/** Above this many matches a count is the planner's estimate. */
export const EXACT_COUNT_CAP = 10_000

/** How the store reaches the index: one search's session (its snapshot), and the partitions' statistics. */
export interface SearchSessions {
  /** Runs `use` in a session of its own: a read-only transaction, ended when `use` settles. */
  run<T>(use: (session: ReadSession) => Promise<T>): Promise<T>
  partitions(session: ReadSession, topId: number): Promise<SearchPartition[]>
}

type Raw = Record<string, unknown>

/** No category has this feed key or a newer one: the first block's bound. */
const NEWEST: FeedKey = { id: Number.MAX_SAFE_INTEGER, published_at: Number.MAX_SAFE_INTEGER }

/**
 * The search's reads on PostgreSQL (a search thread's, on a standby or the primary). Text matches
 * take the store's own plans (match-plan.ts), then the rows of those ids; feeds page by their
 * keys. Outside a snapshot every call is its own short read-only transaction; inside one, every
 * call runs in the snapshot's transaction.
 */
export function createPgSearchStore(sessions: SearchSessions): SearchStore {
  const idsFor = (session: ReadSession, match: TextMatch, beforeId: number | null, wanted: number) =>
    newestMatches(session, (top) => sessions.partitions(session, top), match, toTsQuery(match), beforeId, wanted)

  /** Rows of these ids, in the order given; ids without a classified torrent are left out. */
  const inOrder = async <Row extends { id: number }>(
    session: ReadSession,
    columns: string,
    joins: string,
    ids: readonly number[],
    toRow: (row: Raw) => Row,
  ): Promise<Row[]> => {
    if (ids.length === 0) return []
    const rows = await session.query<Raw>(
      'planner',
      `SELECT ${columns} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id ${joins} WHERE t.id = ANY($1::int8[])`,
      [ids],
    )
    const byId = new Map<number, Row>()
    for (const raw of rows) {
      const row = toRow(raw)
      byId.set(row.id, row)
    }
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  /** Per torrent, the values a statement reads (torrent_id, value), in the statement's order. */
  const perTorrent = async (session: ReadSession, text: string, ids: readonly number[]) => {
    const values = new Map<number, string[]>()
    for (const row of await session.query<{ torrent_id: unknown; value: string }>('planner', text, [ids])) {
      const id = int(row.torrent_id)
      values.set(id, [...(values.get(id) ?? []), row.value])
    }
    return values
  }

  const worksOf = async (session: ReadSession, ids: readonly number[]) => {
    const works = new Map<number, TorrentWork>()
    const rows = await session.query<Raw>(
      'planner',
      `SELECT c.torrent_id, c.content_type, ${MERGED_ID_COLUMNS}, coalesce(ct.title, c.title) AS title, coalesce(ct.year, c.year) AS year
       FROM torrent_classifications c ${JOIN_LOOKED_UP_CONTENT} WHERE c.torrent_id = ANY($1::int8[])`,
      [ids],
    )
    for (const row of rows)
      works.set(int(row.torrent_id), {
        contentType: row.content_type as string,
        tmdb: intOrNull(row.tmdb_id),
        imdb: row.imdb_id as string | null,
        tvdb: intOrNull(row.tvdb_id),
        title: row.title as string | null,
        year: row.year as number | null,
      })
    return works
  }

  /** The store whose calls all run in `session`. */
  const storeOn = (session: ReadSession): SearchStore => {
    function matchBlock(match: TextMatch, shape: 'ranking', beforeId: number | null, limit: number): Promise<MatchBlock<RankingRow>>
    function matchBlock(match: TextMatch, shape: 'full', beforeId: number | null, limit: number): Promise<MatchBlock<Candidate>>
    async function matchBlock(match: TextMatch, shape: 'ranking' | 'full', beforeId: number | null, limit: number) {
      // One id more than the block tells whether the index holds a further match.
      const ids = await idsFor(session, match, beforeId, limit + 1)
      const block = ids.slice(0, limit)
      const rows =
        shape === 'full'
          ? await inOrder(session, CANDIDATE_COLUMNS, '', block, toCandidate)
          : await inOrder(session, RANKING_COLUMNS, '', block, toRankingRow)
      return { rows, nextBeforeId: ids.length > limit && block.length > 0 ? block.at(-1)! : null }
    }

    const store: SearchStore = {
      matchBlock,

      matchIds: async (match, cap) => {
        // Statistics that put the matches far past the cap answer without reading them: the
        // caller asks to learn whether text is rare, and common text would cost a probe or two.
        // Newest id 0: the partitions cached will do for an estimate, without a look for new ones.
        const likely = likelyMatches(match, await sessions.partitions(session, 0))
        if (likely !== null && likely > SURELY_PAST_CAP * cap) return null
        const ids = await idsFor(session, match, null, cap + 1)
        return ids.length > cap ? null : ids
      },

      // The store's plan finds the newest matches up to the cap, as cheaply as a page's; past it
      // the planner's estimate stands in (counting a common word reads its whole bitmap).
      countMatches: async (match) => {
        const total = (await idsFor(session, match, null, EXACT_COUNT_CAP + 1)).length
        if (total <= EXACT_COUNT_CAP) return { total, isEstimate: false }
        const [plan] = await session.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
          'planner',
          `EXPLAIN (FORMAT JSON) SELECT 1 FROM torrent_search WHERE document @@ ${asSqlText(toTsQuery(match))}::tsquery`,
        )
        return { total: Math.max(total, Math.round(plan!['QUERY PLAN'][0].Plan['Plan Rows'])), isEstimate: true }
      },

      // Ids freed by deletes count as not holding the token: an estimate, for choosing a plan.
      shareOfNewest: async (tokens, window) => {
        const shares = new Map<string, number>()
        const [top] = await session.query<{ top: unknown }>('planner', 'SELECT coalesce(max(id), 0) AS top FROM torrents')
        const topId = int(top!.top)
        if (tokens.length === 0) return shares
        if (topId === 0) {
          for (const token of tokens) shares.set(token, 0)
          return shares
        }
        const counts = tokens.map((_, i) => `count(*) FILTER (WHERE document @@ $${i + 2}::tsquery) AS n${i}`)
        const [row] = await session.query<Raw>('probe', `SELECT ${counts.join(', ')} FROM torrent_search WHERE torrent_id > $1`, [
          topId - window,
          ...tokens.map(lexeme),
        ])
        for (const [i, token] of tokens.entries()) shares.set(token, int(row![`n${i}`]) / Math.min(window, topId))
        return shares
      },

      feedBlock: async (categories, after, limit): Promise<FeedBlock> => {
        if (limit < 1) return { keys: [], next: after }
        const from = after ?? NEWEST
        // One more than the block tells whether the feed goes on. Each category's newest keys
        // after `from`, merged: the newest of the merge are among each category's newest.
        const rows =
          categories === null
            ? await session.query<Raw>(
                'planner',
                `SELECT id, published_at FROM torrents WHERE published_at <= $1 AND (published_at, id) < ($1, $2)
                 ORDER BY published_at DESC, id DESC LIMIT $3`,
                [from.published_at, from.id, limit + 1],
              )
            : await session.query<Raw>(
                'planner',
                `SELECT k.torrent_id AS id, k.published_at FROM unnest($1::int4[]) AS wanted(category)
                 CROSS JOIN LATERAL (SELECT torrent_id, published_at FROM torrent_categories
                   WHERE category = wanted.category AND (published_at, torrent_id) < ($2, $3)
                   ORDER BY published_at DESC, torrent_id DESC LIMIT $4) k`,
                [categories, from.published_at, from.id, limit + 1],
              )
        const keys: FeedKey[] = []
        const seen = new Set<number>()
        for (const key of rows
          .map((row) => ({ id: int(row.id), published_at: int(row.published_at) }))
          .sort((a, b) => b.published_at - a.published_at || b.id - a.id)) {
          if (seen.has(key.id)) continue
          seen.add(key.id)
          keys.push(key)
        }
        const block = keys.slice(0, limit)
        return { keys: block, next: keys.length > limit ? block.at(-1)! : null }
      },

      candidates: (ids) => inOrder(session, CANDIDATE_COLUMNS, '', ids, toCandidate),

      externalIdMatches: async (ids: ExternalIdsWanted) => {
        if (ids.imdb.length + ids.tmdb.length + ids.tvdb.length + ids.tvmaze.length === 0) return []
        // Ground-truth ids, then the torrents of the works carrying them: contents by id, their
        // keys, then the classifications of each key (the expression index of 0001).
        const rows = await session.query<{ id: unknown }>(
          'planner',
          `SELECT torrent_id AS id FROM torrent_classifications WHERE imdb_id = ANY($1::text[])
           UNION SELECT torrent_id FROM torrent_classifications WHERE tmdb_id = ANY($2::int8[])
           UNION SELECT torrent_id FROM torrent_classifications WHERE tvdb_id = ANY($3::int8[])
           UNION SELECT torrent_id FROM torrent_classifications WHERE tvmaze_id = ANY($4::int8[])
           UNION SELECT c2.torrent_id FROM contents x
             JOIN content_keys k2 ON k2.content_id = x.id
             JOIN torrent_classifications c2 ON c2.content_type = k2.content_type AND lower(c2.title) = k2.title
               AND coalesce(c2.year, 0) = k2.year AND c2.title IS NOT NULL AND c2.content_type IN ('movie', 'tv_show')
             WHERE x.imdb_id = ANY($1::text[]) OR x.tmdb_id = ANY($2::int8[]) OR x.tvdb_id = ANY($3::int8[])
           ORDER BY id DESC`,
          [ids.imdb, ids.tmdb, ids.tvdb, ids.tvmaze],
        )
        return rows.map((row) => int(row.id))
      },

      candidatesWithLookedUpIds: (ids) =>
        inOrder(session, `${ROW_COLUMNS}, ${MERGED_ID_COLUMNS}`, JOIN_LOOKED_UP_CONTENT, ids, toCandidate),

      withInfoHashes: async (infoHashes) => {
        if (infoHashes.length === 0) return []
        const rows = await session.query<Raw>(
          'planner',
          `SELECT ${CANDIDATE_COLUMNS} FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
           WHERE t.info_hash = ANY($1::bytea[]) ORDER BY t.published_at DESC, t.id DESC`,
          [infoHashes.map((hash) => Buffer.from(hash, 'hex'))],
        )
        return rows.map(toCandidate)
      },

      // From the counts the triggers keep: counting classifications walks a whole index.
      countOfContentTypes: async (types) => {
        const [row] = await session.query<{ n: unknown }>(
          'planner',
          'SELECT coalesce(sum(torrents), 0) AS n FROM torrent_counts WHERE content_type = ANY($1::text[])',
          [types],
        )
        return int(row!.n)
      },

      countInCategories: async (categories) => {
        const [row] =
          categories === null
            ? await session.query<{ n: unknown }>(
                'planner',
                "SELECT coalesce(sum(torrents), 0) AS n FROM torrent_counts WHERE content_type != 'unknown'",
              )
            : await session.query<{ n: unknown }>(
                'planner',
                'SELECT count(DISTINCT torrent_id) AS n FROM torrent_categories WHERE category = ANY($1::int4[])',
                [categories],
              )
        return int(row!.n)
      },

      rowLookups: async (ids, kinds: LookupKinds): Promise<RowLookups> => ({
        tags: kinds.tags
          ? await perTorrent(session, 'SELECT torrent_id, tag AS value FROM torrent_tags WHERE torrent_id = ANY($1::int8[])', ids)
          : new Map(),
        sources: kinds.sources
          ? await perTorrent(
              session,
              'SELECT ts.torrent_id, s.key AS value FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id WHERE ts.torrent_id = ANY($1::int8[])',
              ids,
            )
          : new Map(),
        fileTypes: kinds.fileTypes
          ? await perTorrent(
              session,
              'SELECT DISTINCT torrent_id, file_type AS value FROM torrent_files WHERE torrent_id = ANY($1::int8[])',
              ids,
            )
          : new Map(),
        works: kinds.works ? await worksOf(session, ids) : new Map(),
      }),

      pageExtras: async (ids) => {
        const contents = new Map<number, ContentRecord>()
        if (ids.length === 0) return { tags: new Map(), contents, isArtworkEnabled: false }
        const tags = await perTorrent(
          session,
          'SELECT torrent_id, tag AS value FROM torrent_tags WHERE torrent_id = ANY($1::int8[]) ORDER BY torrent_id, tag',
          ids,
        )
        const rows = await session.query<Raw>(
          'planner',
          `SELECT c.torrent_id AS for_torrent, ct.* FROM torrent_classifications c ${JOIN_LOOKED_UP_CONTENT}
           WHERE c.torrent_id = ANY($1::int8[]) AND ct.id IS NOT NULL`,
          [ids],
        )
        for (const row of rows) contents.set(int(row.for_torrent), contentRecordOfPgRow(row))
        const [state] = await session.query<{ on: boolean }>('planner', 'SELECT artwork_enabled AS "on" FROM enrichment_state')
        return { tags, contents, isArtworkEnabled: state?.on === true }
      },

      withSnapshot: (search) => search(store),
    }
    return store
  }

  /** Each call outside a snapshot runs in a session of its own. */
  const alone =
    <Args extends unknown[], T>(method: (store: SearchStore) => (...args: Args) => Promise<T>) =>
    (...args: Args) =>
      sessions.run((session) => method(storeOn(session))(...args))

  function matchBlock(match: TextMatch, shape: 'ranking', beforeId: number | null, limit: number): Promise<MatchBlock<RankingRow>>
  function matchBlock(match: TextMatch, shape: 'full', beforeId: number | null, limit: number): Promise<MatchBlock<Candidate>>
  function matchBlock(match: TextMatch, shape: 'ranking' | 'full', beforeId: number | null, limit: number) {
    return sessions.run((session) =>
      shape === 'full'
        ? storeOn(session).matchBlock(match, 'full', beforeId, limit)
        : storeOn(session).matchBlock(match, 'ranking', beforeId, limit),
    )
  }

  /**
   * Snapshots are taken one at a time. A search in its snapshot may still make a read of its own
   * (the service reads words' shares outside it), which takes the pool's other connection: two
   * snapshots at once (a busy pool sends a thread another request) would hold both connections
   * and each wait for a third, for ever.
   */
  let snapshotsDone: Promise<unknown> = Promise.resolve()

  return {
    matchBlock,
    matchIds: alone((store) => store.matchIds),
    countMatches: alone((store) => store.countMatches),
    shareOfNewest: alone((store) => store.shareOfNewest),
    feedBlock: alone((store) => store.feedBlock),
    candidates: alone((store) => store.candidates),
    externalIdMatches: alone((store) => store.externalIdMatches),
    candidatesWithLookedUpIds: alone((store) => store.candidatesWithLookedUpIds),
    withInfoHashes: alone((store) => store.withInfoHashes),
    countOfContentTypes: alone((store) => store.countOfContentTypes),
    countInCategories: alone((store) => store.countInCategories),
    rowLookups: alone((store) => store.rowLookups),
    pageExtras: alone((store) => store.pageExtras),
    withSnapshot: (search) => {
      const turn = snapshotsDone.then(() => sessions.run((session) => search(storeOn(session))))
      snapshotsDone = turn.catch(() => {})
      return turn
    },
  }
}

/** A tsquery literal as SQL text, for EXPLAIN (which takes no parameters). */
function asSqlText(tsquery: string): string {
  return `'${tsquery.replaceAll("'", "''")}'`
}
