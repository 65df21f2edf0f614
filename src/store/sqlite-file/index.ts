/**
 * The SQLite kit: opening a file with the service's pragmas, write transactions, the migrator and
 * exclusive access. A second public entry of src/store, for the core's SQLite adapter and the
 * dashboard store (always SQLite), which holds no core port.
 */
export { openSqlite, type OpenOptions } from './open-sqlite'
export { writeTransaction } from './write-transaction'
export { migrate, readMigrations, currentVersion, type Migration, type MigrationResult } from './migrator'
export { CORE_MIGRATIONS_DIR, DASHBOARD_MIGRATIONS_DIR } from './migration-folders'
export { openExclusively, replaceDatabaseFile } from './exclusive-access'
export { snapshotSqliteFile } from './snapshot'
export { inspectSqliteFile, type SqliteFileInspection } from './inspect'
export { DatabaseInUseError, MigrationError } from '../errors'
