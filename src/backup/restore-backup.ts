import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { DatabaseInUseError, openExclusively, replaceDatabaseFile } from '../db'
import type { StoreKind } from './backup-names'
import { RestoreRefusedError } from './errors'

export interface RestoreTargets {
  /** DATABASE_PATH and DASHBOARD_DB_PATH. */
  paths: Record<StoreKind, string>
  /** The newest migration this build knows, per store: a newer backup would not open. */
  newestVersions: Record<StoreKind, number>
}

export interface RestoredBackup {
  kind: StoreKind
  target: string
  schemaVersion: number
}

/** The table that tells each store apart. */
const MARKER_TABLES: Record<StoreKind, string> = { index: 'torrents', dashboard: 'audit_log' }

/**
 * Puts a backup file back in place of the store it holds (told by its tables). Everything is
 * checked before anything is replaced: the file is an SQLite database of one of our stores, it
 * passes `PRAGMA integrity_check`, its schema is not newer than this build, and no process has
 * the target open (the running service or an import; see openExclusively). The copy is then
 * made beside the target and renamed over it, with the target's stale -wal and -shm removed.
 * The backup file itself is left as it was. Throws RestoreRefusedError with the reason.
 */
export function restoreBackup(file: string, targets: RestoreTargets): RestoredBackup {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefusedError(`${file} is not a file`)
  if ((statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0)
    throw new RestoreRefusedError(
      `${file} has a write-ahead log beside it (${file}-wal): open it once with sqlite3 to checkpoint it, or restore a backup made by bun run cli backup`,
    )
  const { kind, schemaVersion } = inspect(file)
  if (schemaVersion > targets.newestVersions[kind])
    throw new RestoreRefusedError(
      `${file} has schema version ${schemaVersion}, newer than this build knows (${targets.newestVersions[kind]}): restore it with the version that made it`,
    )
  const target = targets.paths[kind]
  mkdirSync(dirname(target), { recursive: true })
  const staged = `${target}.restore`
  copyFileSync(file, staged)
  let lock: Database | null = null
  try {
    if (existsSync(target)) lock = openExclusively(target)
    replaceDatabaseFile(target, staged)
  } catch (err) {
    rmSync(staged, { force: true })
    if (err instanceof DatabaseInUseError)
      throw new RestoreRefusedError(`${target} is open in another process (the service, or an import): stop it, then restore`, {
        cause: err,
      })
    throw err
  } finally {
    lock?.close(true)
  }
  return { kind, target, schemaVersion }
}

/** Which store the file holds and its schema version; refuses a file that is not one, or is damaged. */
function inspect(file: string): { kind: StoreKind; schemaVersion: number } {
  let sqlite: Database
  try {
    sqlite = new Database(file, { readonly: true, strict: true })
  } catch (err) {
    throw new RestoreRefusedError(`${file} cannot be opened as an SQLite database: ${(err as Error).message}`, { cause: err })
  }
  try {
    let problems: string[]
    try {
      problems = sqlite
        .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
        .all()
        .map((row) => row.integrity_check)
    } catch (err) {
      throw new RestoreRefusedError(`${file} is not an SQLite database: ${(err as Error).message}`, { cause: err })
    }
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw new RestoreRefusedError(`${file} fails the integrity check, nothing was replaced: ${problems.slice(0, 3).join('; ')}`)
    const tables = new Set(
      sqlite
        .query<{ name: string }, []>("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    )
    const kind = (Object.keys(MARKER_TABLES) as StoreKind[]).find((candidate) => tables.has(MARKER_TABLES[candidate]))
    if (!kind || !tables.has('schema_versions'))
      throw new RestoreRefusedError(`${file} is an SQLite database, but not a backup of the index or of the dashboard store`)
    const schemaVersion =
      sqlite.query<{ version: number | null }, []>('SELECT max(version) AS version FROM schema_versions').get()!.version ?? 0
    return { kind, schemaVersion }
  } finally {
    sqlite.close(true)
  }
}
