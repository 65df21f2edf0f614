import { join } from 'node:path'

/** The core index's SQLite migrations, shipped in the source tree (PostgreSQL's will sit beside them, issue 36). */
export const CORE_MIGRATIONS_DIR = join(import.meta.dir, '../../../migrations/core/sqlite')

/** The dashboard store's migrations (its schema lives with the dashboard). */
export const DASHBOARD_MIGRATIONS_DIR = join(import.meta.dir, '../../../migrations/dashboard')
