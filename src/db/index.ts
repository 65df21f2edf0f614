import { join } from 'node:path'

export { openDatabase, openSqlite, type DatabaseHandle, type Orm } from './open-database'
export { writeTransaction } from './write-transaction'
export { migrate, readMigrations, currentVersion, type Migration, type MigrationResult } from './migrator'
export { DatabaseInUseError, MigrationError } from './errors'
export { openExclusively, replaceDatabaseFile } from './exclusive-access'
export * as schema from './schema'

/** The core database's migrations, shipped in the source tree. */
export const CORE_MIGRATIONS_DIR = join(import.meta.dir, '../../migrations/core/sqlite')

/** The dashboard store's migrations (its schema lives with the dashboard). */
export const DASHBOARD_MIGRATIONS_DIR = join(import.meta.dir, '../../migrations/dashboard')
