import { Counter, Gauge, type Registry } from 'prom-client'
import type { StorageReport } from '../vocabulary'

/**
 * The databases' sizes on disk, the storage cap and what it evicted, read from the storage
 * report at scrape time (a stat and a few PRAGMAs; prom-client awaits an async collect).
 */
export function createStorageMetrics(registry: Registry, read: () => Promise<StorageReport>) {
  new Gauge({
    name: 'indexer_database_file_bytes',
    help: 'Size of each database file: core (index.db), core_wal (its write-ahead log), dashboard (its store, when on this host)',
    labelNames: ['file'] as const,
    registers: [registry],
    async collect() {
      const report = await read()
      this.set({ file: 'core' }, report.databaseBytes)
      this.set({ file: 'core_wal' }, report.walBytes)
      if (report.dashboardBytes !== null) this.set({ file: 'dashboard' }, report.dashboardBytes)
    },
  })
  new Gauge({
    name: 'indexer_database_used_bytes',
    help: 'Bytes of the core database holding data (pages in use): what SERVICE_STORAGE_LIMIT is compared with',
    registers: [registry],
    async collect() {
      this.set((await read()).usedBytes)
    },
  })
  new Gauge({
    name: 'indexer_storage_limit_bytes',
    help: 'SERVICE_STORAGE_LIMIT in bytes; absent without a cap',
    registers: [registry],
    async collect() {
      const { limitBytes } = await read()
      if (limitBytes !== null) this.set(limitBytes)
    },
  })
  new Gauge({
    name: 'indexer_storage_full',
    help: '1 while the index is over the cap with nothing left to evict (the crawler is paused), else 0',
    registers: [registry],
    async collect() {
      this.set((await read()).isFull ? 1 : 0)
    },
  })
  new Counter({
    name: 'indexer_evicted_torrents_total',
    help: 'Torrents the storage cap evicted since start',
    registers: [registry],
    async collect() {
      const { evictedTorrents } = await read()
      this.reset()
      this.inc(evictedTorrents)
    },
  })
}
