import type { DatabaseHandle } from '../db'

/**
 * When the crawler last stored a torrent (Unix seconds), or null if it never has: the newest
 * first sighting among the `dht` source rows. The literal source id lets SQLite use the partial
 * index of migration 0023 (a bound parameter would not), so this is one seek at any size.
 */
export function readLastCrawledAt(db: DatabaseHandle): number | null {
  const row = db.sqlite.query<{ at: number | null }, []>('SELECT max(published_at) AS at FROM torrent_sources WHERE source_id = 1').get()
  return row?.at ?? null
}
