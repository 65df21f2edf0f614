import type { SQL } from 'bun'
import type { PgStoreConfig } from '../../config'
import type { Logger } from '../../log'
import type { CoreStore } from '../core-store'
import { toStoreError } from '../errors'
import { openPgJobPorts } from './jobs'
import { currentPgVersion } from './migrate'
import { migrateCoreIndex } from './migration-folder'
import { openPgPool } from './pools'
import { openPgSearchPorts } from './search'
import { openPgTorrentPorts } from './torrents'
import { createPgWorkerLease } from './worker-lease'

/** The PostgreSQL adapter's store: its ports, and its primary's pool for the tests and benches that set up or look with SQL. */
export interface PgCoreStore extends CoreStore {
  readonly primary: SQL
}

/** Connections a process keeps to the primary for its ports (the search threads open their own). */
const PRIMARY_POOL_SIZE = 8

/**
 * The PostgreSQL adapter over DATABASE_URL, migrated (under an advisory lock: processes starting
 * together take turns). Its ports come in three groups, each in its folder: the jobs and small
 * tables, the torrents (writes, edits, counts, maintenance, the crawler's readers, export), and
 * search (the threads' readers on the standbys, the details loader).
 */
export async function openPgStore(config: PgStoreConfig, options: { log: Logger }): Promise<PgCoreStore> {
  const primary = openPgPool(config.url, { max: PRIMARY_POOL_SIZE })
  let jobs: Awaited<ReturnType<typeof openPgJobPorts>>
  try {
    const result = await migrateCoreIndex(primary)
    if (result.applied.length > 0) options.log.info('migrations applied', { applied: result.applied, version: result.version })
    jobs = await openPgJobPorts(primary)
  } catch (err) {
    await primary.close()
    // An unreachable server or a refused password, as every store failure reads (a migration's own error passes as it is).
    throw toStoreError(err)
  }
  return {
    engine: 'postgres',
    schemaVersion: () => currentPgVersion(primary),
    ...jobs.ports,
    workerLease: createPgWorkerLease(config.url, { log: options.log.child({ component: 'worker-lease' }) }),
    ...openPgTorrentPorts(primary, config),
    ...openPgSearchPorts(primary, config),
    primary,
    close: async () => {
      await jobs.closeListeners()
      await primary.close()
    },
  }
}
