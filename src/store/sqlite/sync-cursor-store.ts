import type { Database } from 'bun:sqlite'
import type { SyncCursorStore } from '../../sync'

/** The followed exports' cursors (0047), one row per source. */
export function createSqliteSyncCursorStore(db: Database): SyncCursorStore {
  const find = db.prepare<{ cursor: string }, [string]>('SELECT cursor FROM sync_cursors WHERE source = ?')
  const upsert = db.prepare(
    `INSERT INTO sync_cursors (source, cursor, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (source) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`,
  )
  return {
    async read(source) {
      return find.get(source)?.cursor ?? null
    },
    async save(source, cursor, nowSeconds) {
      upsert.run(source, cursor, nowSeconds)
    },
  }
}
