import type { DatabaseHandle } from '../db'

/**
 * When the longest-unchecked swarm of the index was last checked (Unix seconds), or null when no
 * torrent's has been. Never-checked torrents (0) are left out: the re-check takes them first, so
 * while any wait the checked ones age, and this shows it. One seek of the index of 0045.
 */
export function readOldestSwarmCheckAt(db: DatabaseHandle): number | null {
  const row = db.sqlite
    .query<{ at: number | null }, []>('SELECT min(swarm_checked_at) AS at FROM torrents WHERE swarm_checked_at > 0')
    .get()
  return row?.at ?? null
}
