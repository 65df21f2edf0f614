import type { Database } from 'bun:sqlite'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MigrationError } from '../errors'

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/

export interface Migration {
  version: number
  name: string
  sql: string
}

export interface MigrationResult {
  applied: string[]
  version: number
}

/** Reads `NNNN_name.sql` files in version order; other files in the folder are ignored. */
export function readMigrations(folder: string): Migration[] {
  const migrations: Migration[] = []
  for (const file of readdirSync(folder).sort()) {
    const match = MIGRATION_FILE.exec(file)
    if (!match) continue
    const version = Number(match[1])
    if (migrations.some((m) => m.version === version)) {
      throw new MigrationError(file, `version ${version} is used twice`)
    }
    migrations.push({ version, name: file.replace(/\.sql$/, ''), sql: readFileSync(join(folder, file), 'utf8') })
  }
  return migrations
}

/**
 * Applies every migration newer than the database, each in its own transaction together with its
 * `schema_versions` row: a failing migration rolls back whole, leaving the previous version intact.
 */
export function migrate(db: Database, migrations: Migration[]): MigrationResult {
  db.run(`CREATE TABLE IF NOT EXISTS schema_versions (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  const current = currentVersion(db)
  const newest = migrations.at(-1)?.version ?? 0
  if (current > newest) {
    throw new MigrationError(
      `version ${current}`,
      `the database is newer than this build (which knows up to ${newest}); restore a backup or upgrade`,
    )
  }
  const recordVersion = db.prepare('INSERT INTO schema_versions (version, name, applied_at) VALUES (?, ?, ?)')
  const applied: string[] = []
  for (const migration of migrations.filter((m) => m.version > current)) {
    try {
      db.transaction(() => {
        db.run(migration.sql)
        recordVersion.run(migration.version, migration.name, new Date().toISOString())
      })()
    } catch (err) {
      throw new MigrationError(migration.name, err instanceof Error ? err.message : String(err), { cause: err })
    }
    applied.push(migration.name)
  }
  return { applied, version: currentVersion(db) }
}

export function currentVersion(db: Database): number {
  const row = db.query('SELECT max(version) AS version FROM schema_versions').get() as { version: number | null }
  return row.version ?? 0
}
