import type { SQL } from 'bun'
import type { SyncCursorStore } from '../../../sync'
import { pgCall } from '../pools'

/** The followed exports' cursors, one row per source. */
export function createPgSyncCursorStore(sql: SQL): SyncCursorStore {
  return {
    read: pgCall(async (source: string) => {
      const [row] = await sql`SELECT cursor FROM sync_cursors WHERE source = ${source}`
      return row ? (row.cursor as string) : null
    }),
    save: pgCall(async (source: string, cursor: string, nowSeconds: number) => {
      await sql`INSERT INTO sync_cursors (source, cursor, updated_at) VALUES (${source}, ${cursor}, ${nowSeconds})
        ON CONFLICT (source) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`
    }),
  }
}
