import type { StoreConfig } from '../config'
import type { Logger } from '../log'
import type { CoreStore } from './core-store'
import { openSqliteStore } from './sqlite'

/**
 * Opens the core's index and migrates it, then returns its ports. Rejects with MigrationError
 * (start-up stops with the migration's name). SQLite is the only adapter until issue 36.
 */
export async function openStore(config: StoreConfig, options: { log: Logger }): Promise<CoreStore> {
  return openSqliteStore(config.sqlite, options)
}
