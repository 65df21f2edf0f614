import type { StoreConfig } from '../config'
import type { Logger } from '../log'
import type { CoreStore } from './core-store'
import type { ReaderSpec } from './reader-spec'
import type { SearchReader } from './search-reader'
import { openSqliteStore } from './sqlite'
import { openSqliteSearchReader } from './sqlite/search/open-search-reader'
import { migrateToIncrementalVacuum } from './sqlite/maintenance/auto-vacuum'

/**
 * Opens the core's index and migrates it, then returns its ports. Rejects with MigrationError
 * (start-up stops with the migration's name). SQLite is the only adapter until issue 36.
 */
export async function openStore(config: StoreConfig, options: { log: Logger }): Promise<CoreStore> {
  return openSqliteStore(config.sqlite, options)
}

/** Opens the reader a spec names (CoreStore.searchReaderSpec), in the search thread that will use it. */
export async function openSearchReader(spec: ReaderSpec): Promise<SearchReader> {
  return openSqliteSearchReader(spec)
}

/**
 * Readies the index for SERVICE_STORAGE_LIMIT before it opens: SQLite gives freed pages back only
 * in incremental auto-vacuum mode, set once (an existing file is rewritten, or left for a later
 * start when another process has it open). The service calls it, not the CLI's commands.
 */
export async function prepareForStorageCap(config: StoreConfig, options: { log: Logger }): Promise<void> {
  migrateToIncrementalVacuum(config.sqlite.path, options.log)
}
