import type { Database } from 'bun:sqlite'
import { existsSync } from 'node:fs'
import type { FileInspection, StoreFiles, StoreKind } from '../backup'
import type { StoreConfig } from '../config'
import { DatabaseInUseError } from './errors'
import { asPortMethods } from './sqlite/port-call'
import {
  CORE_MIGRATIONS_DIR,
  DASHBOARD_MIGRATIONS_DIR,
  inspectSqliteFile,
  openExclusively,
  readMigrations,
  replaceDatabaseFile,
  snapshotSqliteFile,
} from './sqlite-file'

/** The table that tells each store apart. */
const MARKER_TABLES: Record<StoreKind, string> = { index: 'torrents', dashboard: 'audit_log' }

/**
 * The store files of this configuration for backups and restores, without opening the index
 * through the store (which would migrate it): the core's index and the dashboard's store, both
 * SQLite files; an index on PostgreSQL is the server's to back up, and is refused with the tools to use.
 */
export function storeFiles(config: StoreConfig): StoreFiles {
  const newest = (dir: string) => readMigrations(dir).at(-1)?.version ?? 0
  const byFile = asPortMethods({
    snapshot: (sourcePath: string, targetPath: string): void => snapshotSqliteFile(sourcePath, targetPath),
    inspect(file: string): FileInspection {
      const inspection = inspectSqliteFile(file)
      if (inspection.status !== 'read') return inspection
      const { tables, schemaVersion, problems } = inspection
      const kind = (Object.keys(MARKER_TABLES) as StoreKind[]).find((candidate) => tables.has(MARKER_TABLES[candidate])) ?? null
      return { status: 'read', kind: kind && tables.has('schema_versions') ? kind : null, schemaVersion, problems }
    },
    replaceExclusively(targetPath: string, stagedPath: string): 'replaced' | 'in_use' {
      let lock: Database | null = null
      try {
        if (existsSync(targetPath)) lock = openExclusively(targetPath)
        replaceDatabaseFile(targetPath, stagedPath)
        return 'replaced'
      } catch (err) {
        if (err instanceof DatabaseInUseError) return 'in_use'
        throw err
      } finally {
        lock?.close(true)
      }
    },
  })
  return {
    ...byFile,
    coreBackupSource: () =>
      config.postgres
        ? {
            kind: 'refused',
            reason:
              'the index is on PostgreSQL (DATABASE_URL): back it up with pg_dump (or pg_basebackup for the whole cluster) and restore with pg_restore',
          }
        : { kind: 'file', path: config.sqlite.path },
    newestSchemaVersions: () => ({ index: newest(CORE_MIGRATIONS_DIR), dashboard: newest(DASHBOARD_MIGRATIONS_DIR) }),
  }
}
