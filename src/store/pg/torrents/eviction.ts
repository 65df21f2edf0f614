import type { SQL } from 'bun'
import { infoHashPrefix } from '../../../metainfo'
import type { AgeKey, EvictionCandidate, EvictionScan } from '../../../storage-cap'
import { UNCLASSIFIED } from '../../../vocabulary'
import { int, pgCall } from '../pools'

/** Torrents per age window, as on SQLite (src/store/sqlite/maintenance/eviction.ts says why windows). */
const EVICTION_WINDOW = 10_000

/** Never evicted: a torrent the *arr apps reported on, one with a ground-truth label, one an operator tagged. */
const EVICTABLE = `t.grabs = 0
  AND NOT EXISTS (SELECT 1 FROM evidence e WHERE e.info_hash = t.info_hash)
  AND NOT EXISTS (SELECT 1 FROM ground_truth_labels g WHERE g.info_hash = t.info_hash)
  AND NOT EXISTS (SELECT 1 FROM torrent_tags tag WHERE tag.torrent_id = t.id AND NOT tag.by_rule)`

/** Tier 0: no known seeders (never scraped, or none seen); tier 1: the rest. */
const TIERS = ['coalesce(t.seeders, 0) = 0', 't.seeders > 0'] as const

const AFTER_ALL: AgeKey = { publishedAt: Number.MAX_SAFE_INTEGER, torrentId: Number.MAX_SAFE_INTEGER }
const isAfterAll = (key: AgeKey) => key.publishedAt === AFTER_ALL.publishedAt && key.torrentId === AFTER_ALL.torrentId

/**
 * The storage cap's deletions, the SQLite adapter's order exactly: oldest first a window of
 * EVICTION_WINDOW torrents at a time, the seederless first within a window. A torrent goes through
 * its row (the cascade and the delete trigger take the rest), and its hash prefix is remembered
 * so the crawler does not fetch it again.
 */
export function createPgEviction(primary: SQL) {
  const openWindow = async (tx: SQL, start: AgeKey) => {
    const [end] = await tx`SELECT published_at, id FROM torrents WHERE (published_at, id) > (${start.publishedAt}, ${start.torrentId})
      ORDER BY published_at, id LIMIT 1 OFFSET ${EVICTION_WINDOW - 1}`
    return { start, end: end ? { publishedAt: int(end.published_at), torrentId: int(end.id) } : AFTER_ALL }
  }

  const advance = async (tx: SQL, scan: EvictionScan, window: { start: AgeKey; end: AgeKey }) => {
    if (scan.tier === 0) {
      scan.tier = 1
      scan.cursor = window.start
      return
    }
    const [after] = isAfterAll(window.end)
      ? [{ found: false }]
      : await tx`SELECT EXISTS (SELECT 1 FROM torrents WHERE (published_at, id) > (${window.end.publishedAt}, ${window.end.torrentId})) AS found`
    if (!after.found) {
      scan.isExhausted = true
      return
    }
    scan.window = await openWindow(tx, window.end)
    scan.tier = 0
    scan.cursor = window.end
  }

  const evictBatch = (scan: EvictionScan, limit: number, isKept: (candidate: EvictionCandidate) => boolean) =>
    primary.begin(async (tx) => {
      let evicted = 0
      while (evicted === 0 && !scan.isExhausted) {
        scan.window ??= await openWindow(tx, scan.cursor)
        const { end } = scan.window
        const rows = await tx.unsafe(
          `SELECT t.id, t.info_hash, t.name, t.published_at, coalesce(c.content_type, '${UNCLASSIFIED}') AS content_type
           FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
           WHERE (t.published_at, t.id) > ($1, $2) AND (t.published_at, t.id) <= ($3, $4) AND ${TIERS[scan.tier]} AND ${EVICTABLE}
           ORDER BY t.published_at, t.id LIMIT $5`,
          [scan.cursor.publishedAt, scan.cursor.torrentId, end.publishedAt, end.torrentId, limit],
        )
        const ids: number[] = []
        const prefixes: string[] = []
        for (const row of rows) {
          scan.cursor = { publishedAt: int(row.published_at), torrentId: int(row.id) }
          if (isKept({ name: row.name, contentType: row.content_type })) continue
          ids.push(int(row.id))
          prefixes.push(infoHashPrefix(row.info_hash).toString())
        }
        if (ids.length > 0) {
          await tx`DELETE FROM torrents WHERE id = ANY(${ids}::int8[])`
          await tx`INSERT INTO evicted_torrents (hash_prefix) SELECT unnest(${prefixes}::int8[]) ON CONFLICT DO NOTHING`
          evicted += ids.length
        }
        if (rows.length < limit) await advance(tx, scan, scan.window)
      }
      // The dead rows count in measure() at once, not when this backend next reports its statistics.
      if (evicted > 0) await tx`SELECT pg_stat_force_next_flush()`
      return evicted
    })

  return { evictBatch: pgCall(evictBatch) }
}
