import type { DueSwarm, DueSwarmsReader, RecheckCursor } from '../../../dht'
import { bytesToHex } from '../../../metainfo'
import type { PgReaderSpec } from '../../reader-spec'
import { int, openPgPool, pgCall } from '../pools'

/**
 * The scheduled re-check's read of the index, on the crawler thread's own small pool: the rest of
 * the cursor's own check time by id, then later times in order (the torrents_swarm_checked index),
 * as on SQLite.
 */
export function openPgDueSwarmsReader(spec: PgReaderSpec): DueSwarmsReader {
  const sql = openPgPool(spec.url, { max: spec.maxConnections })
  const toDue = (row: { id: unknown; info_hash: Uint8Array; swarm_checked_at: unknown }): DueSwarm => ({
    id: int(row.id),
    infoHash: bytesToHex(row.info_hash),
    checkedAt: int(row.swarm_checked_at),
  })
  return {
    dueSwarms: pgCall(async (beforeSeconds: number, cursor: RecheckCursor, limit: number) => {
      const rows =
        cursor.checkedAt < beforeSeconds
          ? [
              ...(await sql`SELECT id, info_hash, swarm_checked_at FROM torrents WHERE swarm_checked_at = ${cursor.checkedAt}
                AND id > ${cursor.id} ORDER BY id LIMIT ${limit}`),
            ]
          : []
      if (rows.length < limit)
        rows.push(
          ...(await sql`SELECT id, info_hash, swarm_checked_at FROM torrents WHERE swarm_checked_at > ${cursor.checkedAt}
            AND swarm_checked_at < ${beforeSeconds} ORDER BY swarm_checked_at, id LIMIT ${limit - rows.length}`),
        )
      return rows.map(toDue)
    }),
    close: pgCall(async () => sql.close()),
  }
}
