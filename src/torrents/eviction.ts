import type { Statement } from 'bun:sqlite'
import { type DatabaseHandle, writeTransaction } from '../db'
import { infoHashPrefix } from '../metainfo'
import { UNCLASSIFIED } from './torrent-count'

/** A torrent the cap may evict, as the caller's last check (the active wants) sees it. */
export interface EvictionCandidate {
  name: string
  /** `unknown` when unclassified. */
  contentType: string
}

/**
 * Where a run of evictions has got to: the tier (no known seeders first, then the rest) and the
 * last torrent looked at in it, so a torrent the caller keeps is not offered again in that run.
 */
export interface EvictionScan {
  tier: 0 | 1
  publishedAt: number
  torrentId: number
  /** Both tiers walked to the end: nothing more may be evicted. */
  isExhausted: boolean
}

interface CandidateRow {
  id: number
  info_hash: Uint8Array
  name: string
  published_at: number
  content_type: string
}

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

export function startEvictionScan(): EvictionScan {
  return { tier: 0, publishedAt: Number.MIN_SAFE_INTEGER, torrentId: 0, isExhausted: false }
}

/**
 * The storage cap's deletions. Candidates are walked oldest first (published_at, the
 * torrents_published_at index) within each tier, so a batch costs a short index range however
 * large the index. A torrent goes through its row, as an operator's delete does: the cascade and
 * the triggers take its files, sources, tags, classification, categories, full-text entry and
 * counter with it in the same transaction. Its hash prefix is remembered (evicted_torrents) so the
 * crawler does not fetch it again; unlike a delete, nothing is blocked.
 */
export function createEviction(db: DatabaseHandle) {
  const candidates: Statement<CandidateRow, [number, number, number]>[] = TIERS.map((tier) =>
    db.sqlite.prepare(
      `SELECT t.id, t.info_hash, t.name, t.published_at, coalesce(c.content_type, '${UNCLASSIFIED}') AS content_type
       FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
       WHERE (t.published_at, t.id) > (?, ?) AND ${tier} AND ${EVICTABLE}
       ORDER BY t.published_at, t.id LIMIT ?`,
    ),
  )
  const deleteTorrent = db.sqlite.prepare<unknown, [number]>('DELETE FROM torrents WHERE id = ?')
  const remember = db.sqlite.prepare<unknown, [bigint]>('INSERT OR IGNORE INTO evicted_torrents (hash_prefix) VALUES (?)')

  return {
    /**
     * Evicts up to `limit` torrents, the next ones of `scan` that `isKept` (the caller's own
     * protection: the active wants) does not keep, in one transaction; moves `scan` past every
     * torrent looked at. Returns how many were evicted; 0 with `scan.isExhausted` means none is left.
     */
    evictBatch: writeTransaction(
      db.sqlite,
      (scan: EvictionScan, limit: number, isKept: (candidate: EvictionCandidate) => boolean): number => {
        let evicted = 0
        while (evicted === 0 && !scan.isExhausted) {
          const rows = candidates[scan.tier]!.all(scan.publishedAt, scan.torrentId, limit)
          for (const row of rows) {
            scan.publishedAt = row.published_at
            scan.torrentId = row.id
            if (isKept({ name: row.name, contentType: row.content_type })) continue
            deleteTorrent.run(row.id)
            remember.run(infoHashPrefix(row.info_hash))
            evicted++
          }
          if (rows.length < limit) advanceTier(scan)
        }
        return evicted
      },
    ),
  }
}

function advanceTier(scan: EvictionScan): void {
  if (scan.tier === 1) {
    scan.isExhausted = true
    return
  }
  scan.tier = 1
  scan.publishedAt = Number.MIN_SAFE_INTEGER
  scan.torrentId = 0
}

export type Eviction = ReturnType<typeof createEviction>
