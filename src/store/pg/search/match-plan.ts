/**
 * The newest matches of a tsquery, by a plan the store chooses (issue 36, measured at 1M rows):
 * per partition, newest partition first,
 * 1. bound the matches from ANALYZE's element statistics (the query's most selective term);
 * 2. under BITMAP_CAP, and cheaper than probing for the matches wanted at that share, read the
 *    GIN bitmap and keep the newest: it reads at most the matches;
 * 3. else probe id windows newest first (PROBE_WINDOW, growing ×4), each a range of the id index
 *    with every document checked, which finds a common word's newest matches in the first rows;
 * 4. when a window shows the matches sparse (two common words that never meet, a word common
 *    once and rare now), finish with the bitmap below it, which then costs less than the probe
 *    (a window as dense as a common word's goes on probing: its bitmap would read every match);
 * 5. go on into older partitions only while matches are still wanted.
 * PostgreSQL's planner left alone fails both ways: it walks the whole recency index for words it
 * thinks common together, and builds a common word's whole bitmap to keep 500 of it.
 */
import type { TextMatch } from '../../../search'
import { int } from '../pools'
import type { SearchPartition } from './partition-stats'
import type { ReadSession } from './read-session'
import { FACT_PREFIX } from './tsquery'

/** The matches a bitmap may read: its cost grows with them, where the probe's does not. */
export const BITMAP_CAP = 20_000
/**
 * What a match the bitmap reads costs, in rows of the id index a probe reads: the bitmap's rows
 * lie anywhere in the heap, the probe's are read in id order. Measured at 200,000 rows, under
 * load: 5,000 matches of a 2.5 % word by bitmap took 16-38 ms, the 16,384 rows of a probe window
 * 4-10 ms.
 */
export const BITMAP_MATCH_COST = 10
/** The first probe window's ids; later windows grow ×4. */
export const PROBE_WINDOW = 16_384

/** The share of a partition's documents the match can hold, at most: its most selective required term's. */
export function shareBound(match: TextMatch, partition: SearchPartition): number {
  const shareOf = partition.shareOf
  let bound = 1
  for (const term of match.text?.terms ?? []) {
    // A prefix reaches tokens without statistics of their own: it bounds nothing.
    let share = term.kind === 'phrase' ? Math.min(...term.tokens.map(shareOf)) : term.isPrefix ? 1 : shareOf(term.token)
    for (const spelling of term.spellings ?? []) share += Math.min(...spelling.map(shareOf))
    bound = Math.min(bound, share)
  }
  for (const group of match.facts)
    bound = Math.min(
      bound,
      group.reduce((sum, fact) => sum + shareOf(FACT_PREFIX + fact), 0),
    )
  return bound
}

/**
 * About how many documents the match holds, from ANALYZE's shares of its terms taken as
 * independent (words that go together hold more; the estimate errs low for them); null when a
 * term has no listed share (a rare word, a prefix, a phrase, an alternative spelling): then
 * nothing is known but that it is rarer than the listed ones.
 */
export function likelyMatches(match: TextMatch, partitions: readonly SearchPartition[]): number | null {
  let total = 0
  for (const partition of partitions) {
    let share = 1
    for (const term of match.text?.terms ?? []) {
      const listed = term.kind === 'phrase' || term.isPrefix || term.spellings?.length ? undefined : partition.listedShare(term.token)
      if (listed === undefined) return null
      share *= listed
    }
    for (const group of match.facts) {
      const shares = group.map((fact) => partition.listedShare(FACT_PREFIX + fact))
      if (shares.some((listed) => listed === undefined)) return null
      share *= Math.min(
        1,
        shares.reduce<number>((sum, listed) => sum + listed!, 0),
      )
    }
    total += share * partition.rows
  }
  return total
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`
const idsOf = (rows: { torrent_id: unknown }[]) => rows.map((row) => int(row.torrent_id))

/** The newest `wanted` ids of one partition at most `high`, matching `tsquery`. */
async function newestIn(
  session: ReadSession,
  partition: SearchPartition,
  match: TextMatch,
  tsquery: string,
  high: number,
  wanted: number,
): Promise<number[]> {
  const table = quoted(partition.name)
  // `+ 0`: the id bound filters the bitmap's rows rather than adding a second bitmap of the id index.
  const bitmapBelow = async (top: number, limit: number) =>
    idsOf(
      await session.query(
        'bitmap',
        `SELECT torrent_id FROM ${table} WHERE document @@ $1::tsquery AND torrent_id + 0 <= $2 ORDER BY torrent_id DESC LIMIT $3`,
        [tsquery, top, limit],
      ),
    )
  const bound = shareBound(match, partition)
  const matches = bound * partition.rows
  if (matches <= BITMAP_CAP && matches * BITMAP_MATCH_COST <= wanted / bound) return bitmapBelow(high, wanted)
  const found: number[] = []
  let upper = high
  let width = PROBE_WINDOW
  while (found.length < wanted && upper > partition.low) {
    const lower = Math.max(partition.low, upper - width)
    const got = idsOf(
      await session.query(
        'probe',
        `SELECT torrent_id FROM ${table} WHERE torrent_id > $2 AND torrent_id <= $3 AND document @@ $1::tsquery ORDER BY torrent_id DESC LIMIT $4`,
        [tsquery, lower, upper, wanted - found.length],
      ),
    )
    found.push(...got)
    const density = got.length / (upper - lower)
    upper = lower
    if (found.length >= wanted || upper <= partition.low) break
    // The window's density prices both ways to the rest: the bitmap reads every match below (at
    // BITMAP_MATCH_COST each), the probe about `remaining / density` rows of the id index.
    const remaining = wanted - found.length
    const matchesBelow = density * (upper - partition.low)
    if (matchesBelow <= BITMAP_CAP && matchesBelow * BITMAP_MATCH_COST * density < remaining)
      return [...found, ...(await bitmapBelow(upper, remaining))]
    width *= 4
  }
  return found
}

/**
 * The newest `wanted` ids below `beforeId` (null: from the newest) matching `tsquery`, newest
 * first. `partitionsFor` gives the partitions, newest first, knowing the newest id to search.
 */
export async function newestMatches(
  session: ReadSession,
  partitionsFor: (topId: number) => Promise<SearchPartition[]>,
  match: TextMatch,
  tsquery: string,
  beforeId: number | null,
  wanted: number,
): Promise<number[]> {
  if (wanted < 1) return []
  const [top] = await session.query<{ top: unknown }>(
    'planner',
    'SELECT max(torrent_id) AS top FROM torrent_search WHERE torrent_id < $1',
    [beforeId ?? Number.MAX_SAFE_INTEGER],
  )
  if (top?.top === null || top?.top === undefined) return []
  const topId = int(top.top)
  const found: number[] = []
  for (const partition of await partitionsFor(topId)) {
    if (partition.low >= topId) continue
    found.push(...(await newestIn(session, partition, match, tsquery, Math.min(partition.high, topId), wanted - found.length)))
    if (found.length >= wanted) break
  }
  return found
}
