/**
 * What the search plans know of torrent_search's partitions (migrations/core/pg/0001: one per
 * id range, the writer adds the next): each one's id range, its rows, and ANALYZE's element
 * statistics of its documents (autovacuum analyzes every leaf partition). Read from the catalog,
 * which a standby replays too, and kept a few minutes: one query every few minutes per reader.
 */
import { int } from '../pools'

export interface SearchPartition {
  /** Its table's name, for the statements that read one partition. */
  name: string
  /** The ids it holds are above `low` and at most `high`. */
  low: number
  high: number
  /** ANALYZE's row count; 0 before the first ANALYZE. */
  rows: number
  /** The share of its documents holding a token, at most (an unlisted token is rarer than the least listed one). */
  shareOf(token: string): number
  /** The token's share as ANALYZE sampled it; undefined when it is not among the listed common ones. */
  listedShare(token: string): number | undefined
}

/** How long statistics are kept: ANALYZE runs when a tenth of a partition changed, far less often. */
export const STATS_TTL_MS = 5 * 60_000

const FROM_BOUND = /FROM \((MINVALUE|'?(-?\d+)'?)\) TO \((MAXVALUE|'?(-?\d+)'?)\)/

/** A statement on the catalog, in the search's session. */
export type CatalogQuery = (text: string, params?: unknown[]) => Promise<unknown[]>

/** Newest partition first. */
export async function readPartitions(query: CatalogQuery): Promise<SearchPartition[]> {
  const partitions = (await query(
    `SELECT c.relname AS name, c.reltuples AS rows, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'torrent_search'::regclass`,
  )) as { name: string; rows: number; bound: string }[]
  const stats = (await query(
    `SELECT s.tablename AS name, u.token, u.share FROM pg_stats s,
       unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(token, share)
     WHERE s.schemaname = current_schema() AND s.attname = 'document' AND u.token IS NOT NULL
       AND s.tablename = ANY($1::text[])`,
    [partitions.map((partition) => partition.name)],
  )) as { name: string; token: string; share: number }[]
  const shares = new Map<string, Map<string, number>>()
  for (const row of stats) {
    const of = shares.get(row.name) ?? new Map<string, number>()
    of.set(row.token, Number(row.share))
    shares.set(row.name, of)
  }
  return partitions
    .map((partition) => {
      const [, from, low, to, high] = FROM_BOUND.exec(partition.bound) ?? []
      const listed = shares.get(partition.name)
      // Without statistics nothing bounds a token: the plan probes, which is right for a small table.
      const unlisted = listed && listed.size > 0 ? Math.min(...listed.values()) : 1
      return {
        name: partition.name,
        low: from === 'MINVALUE' || low === undefined ? 0 : int(low) - 1,
        high: to === 'MAXVALUE' || high === undefined ? Number.MAX_SAFE_INTEGER : int(high) - 1,
        rows: Math.max(0, Number(partition.rows)),
        shareOf: (token: string) => listed?.get(token) ?? unlisted,
        listedShare: (token: string) => listed?.get(token),
      }
    })
    .sort((a, b) => b.high - a.high)
}

/**
 * The partitions, read again once they are older than STATS_TTL_MS, or at once when an id above
 * the newest one known shows up (the writer added a partition: its rows must be searched now).
 */
export function createPartitionCache(nowMs: () => number = Date.now) {
  let cached: { at: number; partitions: Promise<SearchPartition[]> } | null = null
  return async (query: CatalogQuery, topId: number): Promise<SearchPartition[]> => {
    const isBeyond = cached !== null && topId > ((await cached.partitions.catch(() => []))[0]?.high ?? 0)
    if (!cached || isBeyond || nowMs() - cached.at > STATS_TTL_MS) {
      const partitions = readPartitions(query)
      cached = { at: nowMs(), partitions }
      // A failed read is not kept: the next search reads again.
      partitions.catch(() => {
        if (cached?.partitions === partitions) cached = null
      })
    }
    return cached.partitions
  }
}
