import type { SQL } from 'bun'
import { join } from 'node:path'
import { type MigrationResult, readMigrations } from '../sqlite-file'
import { migratePg } from './migrate'

/** The core index's PostgreSQL migrations, beside SQLite's (the same tables under the same names). */
export const PG_MIGRATIONS_DIR = join(import.meta.dir, '../../../migrations/core/pg')

/** Brings the schema `sql` reaches to the newest core migration (what a store's open does; the benches and tests too). */
export function migrateCoreIndex(sql: SQL): Promise<MigrationResult> {
  return migratePg(sql, readMigrations(PG_MIGRATIONS_DIR))
}
