import type { StoreConfig } from '../config'
import type { Logger } from '../log'
import type { CoreStore } from './core-store'
import { openPgStore } from './pg/open-pg-store'
import { openPgSearchReader } from './pg/search'
import type { ReaderSpec } from './reader-spec'
import type { SearchReader } from './search-reader'
import { openSqliteStore } from './sqlite'
import { openSqliteSearchReader } from './sqlite/search/open-search-reader'
import { migrateToIncrementalVacuum } from './sqlite/maintenance/auto-vacuum'

/**
 * Opens the core's index and migrates it, then returns its ports: PostgreSQL when DATABASE_URL
 * is set (it wins over DATABASE_PATH), else the SQLite file. Rejects with MigrationError
 * (start-up stops with the migration's name).
 */
export async function openStore(config: StoreConfig, options: { log: Logger }): Promise<CoreStore> {
  if (config.postgres) return openPgStore(config.postgres, options)
  return openSqliteStore(config.sqlite, options)
}

/** Opens the reader a spec names (CoreStore.searchReaderSpec), in the search thread that will use it. */
export async function openSearchReader(spec: ReaderSpec): Promise<SearchReader> {
  return spec.engine === 'postgres' ? openPgSearchReader(spec) : openSqliteSearchReader(spec)
}

/**
 * Readies the index for SERVICE_STORAGE_LIMIT before it opens: SQLite gives freed pages back only
 * in incremental auto-vacuum mode, set once (an existing file is rewritten, or left for a later
 * start when another process has it open). PostgreSQL needs nothing. The service calls it, not
 * the CLI's commands.
 */
export async function prepareForStorageCap(config: StoreConfig, options: { log: Logger }): Promise<void> {
  if (config.postgres) return
  migrateToIncrementalVacuum(config.sqlite.path, options.log)
}
