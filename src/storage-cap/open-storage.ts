import type { DatabaseHandle } from '../db'
import type { Logger } from '../log'
import type { Eviction } from '../torrents'
import { limitWriteAheadLog, walCeilingBytes } from './database-files'
import { createPageUsage } from './page-usage'
import { createStorageCap } from './storage-cap'
import { createStorageReporter } from './storage-report'

/**
 * The core's storage: what its files weigh and, with SERVICE_STORAGE_LIMIT, the cap that keeps
 * the database under it (null without a limit). Built on the writer's connection: the cap's
 * evictions are writes like any other, between ingest batches.
 */
export function openStorage(deps: {
  db: DatabaseHandle
  databasePath: string
  dashboardPath: string
  limitBytes: number | null
  eviction: Eviction
  isWanted: (name: string, contentType: string) => boolean
  log: Logger
}) {
  if (deps.limitBytes !== null) limitWriteAheadLog(deps.db.sqlite, deps.limitBytes)
  const pages = createPageUsage(deps.db.sqlite, deps.databasePath, deps.limitBytes === null ? 0 : walCeilingBytes(deps.limitBytes))
  const cap =
    deps.limitBytes === null
      ? null
      : createStorageCap({
          limitBytes: deps.limitBytes,
          pages,
          evictBatch: deps.eviction.evictBatch,
          isWanted: (candidate) => deps.isWanted(candidate.name, candidate.contentType),
          log: deps.log,
        })
  const reporter = createStorageReporter({
    databasePath: deps.databasePath,
    dashboardPath: deps.dashboardPath,
    pages,
    limitBytes: deps.limitBytes,
    cap,
  })
  return { cap, report: reporter.report }
}
