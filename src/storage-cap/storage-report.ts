import { fileBytes } from './database-files'
import type { StorageCap } from './storage-cap'
import type { MaintenanceStore } from './store-port'
import { usedBytesOf } from './usage'

/** The sizes `/api/v1/status`, `/metrics` and the dashboard's stats show. */
export interface StorageReport {
  /** SERVICE_STORAGE_LIMIT; null without a cap. */
  limitBytes: number | null
  /** What the cap compares: pages of the core database holding data, plus its WAL and shared memory. */
  usedBytes: number
  /** The core database file (index.db) and its write-ahead log. */
  databaseBytes: number
  walBytes: number
  /** The dashboard store at DASHBOARD_DB_PATH; null when there is no such file on this host. */
  dashboardBytes: number | null
  /** Torrents the cap evicted since the core started. */
  evictedTorrents: number
  /** Over the cap with nothing left to evict: the crawler is paused. */
  isFull: boolean
}

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
        databaseBytes: measure.fileBytes ?? 0,
        walBytes: measure.walBytes,
        // The dashboard's store is its own file, always SQLite: a stat, not a store call.
        dashboardBytes: fileBytes(deps.dashboardPath),
        ...capReport,
      }
    },
  }
}
