import { backupSources, startBackupSchedule } from '../backup'
import type { Config } from '../config'
import type { Logger } from '../log'
import { openStorage } from '../storage-cap'
import { type CoreStore, prepareForStorageCap, storeFiles } from '../store'
import type { WantRegistry } from '../wants'

/** The cap gives freed pages back only once the store is ready for it, before the core opens it. */
export async function prepareStorageCap(config: Config, log: Logger): Promise<void> {
  if (config.storage.limitBytes !== null) await prepareForStorageCap(config.store, { log: log.child({ component: 'storage' }) })
}

/** What the store's files weigh and, with SERVICE_STORAGE_LIMIT, the cap (built, not started). */
export function wireStorage(deps: { config: Config; store: CoreStore; wants: WantRegistry; log: Logger }) {
  const { config } = deps
  return openStorage({
    store: deps.store.maintenance,
    dashboardPath: config.db.dashboardPath,
    limitBytes: config.storage.limitBytes,
    isWanted: deps.wants.isWanted,
    log: deps.log.child({ component: 'storage' }),
  })
}

/** The scheduled backups (SERVICE_BACKUP_DIR), started; null without a folder. */
export function startBackups(config: Config, log: Logger) {
  if (!config.backup.dir) return null
  const backupLog = log.child({ component: 'backup' })
  // The dashboard's store too, when its file is on this host (the default, even when the
  // dashboard runs as its own process): read-only, so it is safe beside the dashboard.
  const { stores, refusals } = backupSources(storeFiles(config.store), config.db.dashboardPath)
  for (const reason of refusals) backupLog.warn('the index is not backed up', { reason })
  return startBackupSchedule({
    dir: config.backup.dir,
    intervalMs: config.backup.intervalMs,
    keep: config.backup.keep,
    stores,
    store: config.store,
    workerUrl: new URL('./threads/backup-thread.ts', import.meta.url).href,
    log: backupLog,
  })
}
