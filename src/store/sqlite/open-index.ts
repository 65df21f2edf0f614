import type { Logger } from '../../log'
import { CORE_MIGRATIONS_DIR, migrate, readMigrations } from '../sqlite-file'
import { type DatabaseHandle, openDatabase } from './open-database'

/** Opens the core database and brings its schema up to date; a failing migration throws. */
export function openIndex(path: string, log: Logger, migrationsDir = CORE_MIGRATIONS_DIR): DatabaseHandle {
  const db = openDatabase(path)
  try {
    const result = migrate(db.sqlite, readMigrations(migrationsDir))
    if (result.applied.length > 0) log.info('migrations applied', { applied: result.applied, version: result.version })
    return db
  } catch (err) {
    db.close()
    throw err
  }
}
