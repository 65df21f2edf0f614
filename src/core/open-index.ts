import { resolveAdminKey } from '../auth'
import { CORE_MIGRATIONS_DIR, migrate, openDatabase, readMigrations, type DatabaseHandle } from '../db'
import type { Logger } from '../log'

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

/** The core admin key in force for this index (CORE_ADMIN_KEY, else the one kept in it, made if none is). */
export function readAdminKey(path: string, configured: string | undefined, log: Logger): string {
  if (configured) return configured
  const db = openIndex(path, log)
  try {
    return resolveAdminKey(db, undefined)
  } finally {
    db.close()
  }
}
