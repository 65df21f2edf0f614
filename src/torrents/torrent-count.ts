import { count } from 'drizzle-orm'
import type { DatabaseHandle } from '../db'
import { schema } from '../db'

/** A status page polled every few seconds needs no fresher count; counting 10M rows takes a while. */
const COUNT_CACHE_MS = 10_000

/** The number of torrents in the index, counted at most every 10 s; null while the database cannot be read. */
export function createTorrentCounter(db: DatabaseHandle, nowMs: () => number = () => Date.now()) {
  let cached: { count: number; atMs: number } | null = null
  return (): number | null => {
    if (cached && nowMs() - cached.atMs < COUNT_CACHE_MS) return cached.count
    try {
      const row = db.orm.select({ n: count() }).from(schema.torrents).get()
      cached = { count: row?.n ?? 0, atMs: nowMs() }
      return cached.count
    } catch {
      return null
    }
  }
}
