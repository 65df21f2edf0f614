/**
 * Transitional (issue 31): the old home of the SQLite kit and the core schema, re-exported so the
 * capabilities whose storage has not moved behind a port yet keep compiling. It goes in the final
 * step, with CoreStore.legacy.
 */
export {
  CORE_MIGRATIONS_DIR,
  currentVersion,
  DASHBOARD_MIGRATIONS_DIR,
  DatabaseInUseError,
  migrate,
  MigrationError,
  type Migration,
  type MigrationResult,
  openExclusively,
  openSqlite,
  readMigrations,
  replaceDatabaseFile,
  writeTransaction,
} from '../store/sqlite-file'
// From the files, not src/store/sqlite's index: its aggregate imports the ports of capabilities
// that still import this shim, which would close a circle.
export { type DatabaseHandle, openDatabase, type Orm } from '../store/sqlite/open-database'
export * as schema from '../store/sqlite/schema'
