import type { Database, Statement } from 'bun:sqlite'
import { infoHashPrefix } from '../../../metainfo'
import type { AgeKey, EvictionCandidate, EvictionScan } from '../../../storage-cap'
import { UNCLASSIFIED } from '../../../vocabulary'
import { writeTransaction } from '../../sqlite-file'

interface CandidateRow {
  id: number
  info_hash: Uint8Array
  name: string
  published_at: number
  content_type: string
}

/**
 * Torrents per age window. Pages are freed only when every row on them goes, and rows are stored
 * in the order they arrived, roughly their age: emptying the oldest torrents a window at a time
 * frees whole pages, where taking every seederless torrent of the index first would leave most
 * pages half empty, and the file no smaller (bench/storage.ts).
 */
export const EVICTION_WINDOW = 10_000

/**
 * What is never evicted, whatever the cap: a torrent the *arr apps reported on (evidence, grabs),
 * one with a ground-truth label, and one carrying a tag an operator set. Each test is an index
 * probe (evidence_by_torrent, the labels' key, torrent_tags' key).
 */
const EVICTABLE = `t.grabs = 0
  AND NOT EXISTS (SELECT 1 FROM evidence e WHERE e.info_hash = t.info_hash)
  AND NOT EXISTS (SELECT 1 FROM ground_truth_labels g WHERE g.info_hash = t.info_hash)
  AND NOT EXISTS (SELECT 1 FROM torrent_tags tag WHERE tag.torrent_id = t.id AND tag.by_rule = 0)`

/** Tier 0: no known seeders (never scraped, or none seen); tier 1: the rest. */
const TIERS = ['coalesce(t.seeders, 0) = 0', 't.seeders > 0'] as const

/** The end of the last window: past every torrent. */
const AFTER_ALL: AgeKey = { publishedAt: Number.MAX_SAFE_INTEGER, torrentId: Number.MAX_SAFE_INTEGER }
const isAfterAll = (key: AgeKey) => key.publishedAt === AFTER_ALL.publishedAt && key.torrentId === AFTER_ALL.torrentId

/**
 * The storage cap's deletions, oldest first a window of EVICTION_WINDOW torrents at a time
 * (published_at, the torrents_published_at index); within a window, the torrents without known
 * seeders go before the others. A batch costs a short index range however large the index. A
 * torrent goes through its row, as an operator's delete does: the cascade and the triggers take
 * its files, sources, tags, classification, categories, full-text entry and counter with it in
 * the same transaction. Its hash prefix is remembered (evicted_torrents) so the crawler does not
 * fetch it again; unlike a delete, nothing is blocked.
 */
export function createSqliteEviction(sqlite: Database) {
  const candidates: Statement<CandidateRow, [number, number, number, number, number]>[] = TIERS.map((tier) =>
    sqlite.prepare(
      `SELECT t.id, t.info_hash, t.name, t.published_at, coalesce(c.content_type, '${UNCLASSIFIED}') AS content_type
       FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
       WHERE (t.published_at, t.id) > (?, ?) AND (t.published_at, t.id) <= (?, ?) AND ${tier} AND ${EVICTABLE}
       ORDER BY t.published_at, t.id LIMIT ?`,
    ),
  )
  // The window's last torrent; none when fewer than a window's worth are left after `start`.
  const windowEnd = sqlite.prepare<{ published_at: number; id: number }, [number, number, number]>(
    'SELECT published_at, id FROM torrents WHERE (published_at, id) > (?, ?) ORDER BY published_at, id LIMIT 1 OFFSET ?',
  )
  const anyAfter = sqlite.prepare<{ found: number }, [number, number]>(
    'SELECT EXISTS (SELECT 1 FROM torrents WHERE (published_at, id) > (?, ?)) AS found',
  )
  const deleteTorrent = sqlite.prepare<unknown, [number]>('DELETE FROM torrents WHERE id = ?')
  const remember = sqlite.prepare<unknown, [bigint]>('INSERT OR IGNORE INTO evicted_torrents (hash_prefix) VALUES (?)')

  const openWindow = (start: AgeKey) => {
    const end = windowEnd.get(start.publishedAt, start.torrentId, EVICTION_WINDOW - 1)
    return { start, end: end ? { publishedAt: end.published_at, torrentId: end.id } : AFTER_ALL }
  }

  /** The window's next tier, else the next window's first; exhausted past the last window. */
  const advance = (scan: EvictionScan, window: { start: AgeKey; end: AgeKey }): void => {
    if (scan.tier === 0) {
      scan.tier = 1
      scan.cursor = window.start
    } else if (isAfterAll(window.end) || anyAfter.get(window.end.publishedAt, window.end.torrentId)!.found === 0) {
      scan.isExhausted = true
    } else {
      scan.window = openWindow(window.end)
      scan.tier = 0
      scan.cursor = window.end
    }
  }

  return {
    /**
     * Evicts up to `limit` torrents, the next ones of `scan` that `isKept` (the caller's own
     * protection: the active wants) does not keep, in one transaction; moves `scan` past every
     * torrent looked at. Returns how many were evicted; 0 with `scan.isExhausted` means none is left.
     */
    evictBatch: writeTransaction(sqlite, (scan: EvictionScan, limit: number, isKept: (candidate: EvictionCandidate) => boolean): number => {
      let evicted = 0
      while (evicted === 0 && !scan.isExhausted) {
        scan.window ??= openWindow(scan.cursor)
        const { end } = scan.window
        const rows = candidates[scan.tier]!.all(scan.cursor.publishedAt, scan.cursor.torrentId, end.publishedAt, end.torrentId, limit)
        for (const row of rows) {
          scan.cursor = { publishedAt: row.published_at, torrentId: row.id }
          if (isKept({ name: row.name, contentType: row.content_type })) continue
          deleteTorrent.run(row.id)
          remember.run(infoHashPrefix(row.info_hash))
          evicted++
        }
        if (rows.length < limit) advance(scan, scan.window)
      }
      return evicted
    }),
  }
}
