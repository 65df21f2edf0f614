import type { ExportStore, SyncCursorStore } from '../sync'
import type { CoreStore } from './core-store'
import { createSqliteExportStore } from './sqlite/export-store'
import { createSqliteSyncCursorStore } from './sqlite/sync-cursor-store'

export interface SyncPorts {
  /** The index read page by page for export (GET /export, cli export). */
  exports: ExportStore
  /** Where each followed export has got to (SERVICE_SYNC_SOURCES). */
  syncCursors: SyncCursorStore
}

/**
 * The export's and the follower's ports over an open index. Beside CoreStore, not in it, while
 * src/db's shim stands (issue 31): the sync capability reaches the shim through auth and the
 * importer, and its port types in CoreStore would close an import circle through it.
 */
export function openSyncPorts(store: CoreStore): SyncPorts {
  return {
    exports: createSqliteExportStore(store.legacy.sqlite),
    syncCursors: createSqliteSyncCursorStore(store.legacy.sqlite),
  }
}
