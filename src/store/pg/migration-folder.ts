import { join } from 'node:path'

/** The core index's PostgreSQL migrations, beside SQLite's (the same tables under the same names). */
export const PG_MIGRATIONS_DIR = join(import.meta.dir, '../../../migrations/core/pg')
