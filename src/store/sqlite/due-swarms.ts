import type { DueSwarm, DueSwarmsReader, RecheckCursor } from '../../dht'
import type { SqliteReaderSpec } from '../reader-spec'
import { openSqlite } from '../sqlite-file'
import { asPortMethods } from './port-call'

interface DueRow {
  id: number
  info_hash: Uint8Array
  swarm_checked_at: number
}

/**
 * The scheduled re-check's read of the index, on a read-only connection of the crawler's thread.
 * Two seeks of the swarm_checked_at index (0045): the rest of the cursor's own check time by id,
 * then later times in order. One row-value comparison would read as one query, but SQLite seeks
 * it on the time alone and walks every row before the cursor at that time (all never-checked
 * torrents after a migration: 0.2 s a batch at 1M).
 */
export function openSqliteDueSwarmsReader(spec: SqliteReaderSpec): DueSwarmsReader {
  const sqlite = openSqlite(spec.path, { readonly: true, cacheSizeMb: spec.cacheSizeMb })
  const sameTime = sqlite.query<DueRow, [number, number, number]>(
    'SELECT id, info_hash, swarm_checked_at FROM torrents WHERE swarm_checked_at = ? AND id > ? ORDER BY id LIMIT ?',
  )
  const later = sqlite.query<DueRow, [number, number, number]>(
    `SELECT id, info_hash, swarm_checked_at FROM torrents WHERE swarm_checked_at > ? AND swarm_checked_at < ?
     ORDER BY swarm_checked_at, id LIMIT ?`,
  )
  const toDue = (row: DueRow): DueSwarm => ({
    id: row.id,
    infoHash: Buffer.from(row.info_hash).toString('hex'),
    checkedAt: row.swarm_checked_at,
  })
  const methods = {
    dueSwarms(beforeSeconds: number, cursor: RecheckCursor, limit: number): DueSwarm[] {
      const rows = cursor.checkedAt < beforeSeconds ? sameTime.all(cursor.checkedAt, cursor.id, limit) : []
      if (rows.length < limit) rows.push(...later.all(cursor.checkedAt, beforeSeconds, limit - rows.length))
      return rows.map(toDue)
    },
    close: (): void => sqlite.close(true),
  }
  return asPortMethods(methods)
}
