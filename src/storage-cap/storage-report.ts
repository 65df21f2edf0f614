import type { StorageReport } from '../vocabulary'
import { fileBytes } from './database-files'
import type { StorageCap } from './storage-cap'
import type { MaintenanceStore } from './store-port'
import { usedBytesOf } from './usage'

export function createStorageReporter(deps: {
  store: MaintenanceStore
  dashboardPath: string
  limitBytes: number | null
  walReserveBytes: number
  cap: StorageCap | null
}) {
  return {
    async report(): Promise<StorageReport> {
      const measure = await deps.store.measure()
      const capReport = deps.cap?.report() ?? { evictedTorrents: 0, isFull: false }
      return {
        limitBytes: deps.limitBytes,
        usedBytes: usedBytesOf(measure, deps.walReserveBytes),
        // Not a file (PostgreSQL): the whole database as the server sizes it.
        databaseBytes: measure.fileBytes ?? measure.allocatedBytes,
        walBytes: measure.walBytes,
        // The dashboard's store is its own file, always SQLite: a stat, not a store call.
        dashboardBytes: fileBytes(deps.dashboardPath),
        ...capReport,
      }
    },
  }
}
