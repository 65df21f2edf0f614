import type { Database } from 'bun:sqlite'
import { type BunSQLiteDatabase, drizzle } from 'drizzle-orm/bun-sqlite'
import { DASHBOARD_MIGRATIONS_DIR, migrate, openSqlite, readMigrations } from '../../store/sqlite-file'
import type { Logger } from '../../log'
import * as schema from './schema'

export type StoreOrm = BunSQLiteDatabase<typeof schema>

export interface DashboardStore {
  sqlite: Database
  orm: StoreOrm
  close(): void
}

/**
 * Opens the dashboard's own SQLite file (WAL, like the index) and brings it up to date; a failing
 * migration throws MigrationError before anything listens. It never holds index data, so the
 * index can be rebuilt without losing settings, wants or the audit log.
 */
export function openDashboardStore(path: string, log: Logger, migrationsDir = DASHBOARD_MIGRATIONS_DIR): DashboardStore {
  const sqlite = openSqlite(path)
  try {
    const result = migrate(sqlite, readMigrations(migrationsDir))
    if (result.applied.length > 0) log.info('dashboard migrations applied', { applied: result.applied, version: result.version })
  } catch (err) {
    sqlite.close()
    throw err
  }
  return { sqlite, orm: drizzle({ client: sqlite, schema }), close: () => sqlite.close() }
}
