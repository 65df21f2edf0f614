import type { Logger } from '../log'
import { limitWriteAheadLog, walCeilingBytes } from './database-files'
import { createStorageCap } from './storage-cap'
import { createStorageReporter } from './storage-report'
import type { MaintenanceStore } from './store-port'

/**
 * The core's storage: what its files weigh and, with SERVICE_STORAGE_LIMIT, the cap that keeps
 * the database under it (null without a limit). Resolves once the write-ahead log is held to its
 * ceiling under the cap.
 */
export async function openStorage(deps: {
  store: MaintenanceStore
  dashboardPath: string
  limitBytes: number | null
  isWanted: (name: string, contentType: string) => boolean
  log: Logger
}) {
  if (deps.limitBytes !== null) await limitWriteAheadLog(deps.store, deps.limitBytes)
  const walReserveBytes = deps.limitBytes === null ? 0 : walCeilingBytes(deps.limitBytes)
  const cap =
    deps.limitBytes === null
      ? null
      : createStorageCap({
          limitBytes: deps.limitBytes,
          store: deps.store,
          walReserveBytes,
          isWanted: (candidate) => deps.isWanted(candidate.name, candidate.contentType),
          log: deps.log,
        })
  const reporter = createStorageReporter({
    store: deps.store,
    dashboardPath: deps.dashboardPath,
    limitBytes: deps.limitBytes,
    walReserveBytes,
    cap,
  })
  return { cap, report: reporter.report }
}
