import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type { StoreKind } from './backup-names'
import { RestoreRefusedError } from './errors'
import type { StoreFiles } from './store-port'

export interface RestoredBackup {
  kind: StoreKind
  target: string
  schemaVersion: number
}

/**
 * Puts a backup file back in place of the store it holds (told by its tables). Everything is
 * checked before anything is replaced: the file is an SQLite database of one of our stores, it
 * passes its integrity check, its schema is not newer than this build, and no process has the
 * target open (the running service or an import). The copy is then made beside the target and
 * put in its place (StoreFiles.replaceExclusively). The backup file itself is left as it was.
 * Rejects with RestoreRefusedError and the reason. `paths` are DATABASE_PATH and DASHBOARD_DB_PATH.
 */
export async function restoreBackup(file: string, paths: Record<StoreKind, string>, files: StoreFiles): Promise<RestoredBackup> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefusedError(`${file} is not a file`)
  if ((statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0)
    throw new RestoreRefusedError(
      `${file} has a write-ahead log beside it (${file}-wal): open it once with sqlite3 to checkpoint it, or restore a backup made by bun run cli backup`,
    )
  const { kind, schemaVersion } = await inspect(file, files)
  const core = files.coreBackupSource()
  if (kind === 'index' && core.kind === 'refused') throw new RestoreRefusedError(core.reason)
  const newest = files.newestSchemaVersions()[kind]
  if (schemaVersion > newest)
    throw new RestoreRefusedError(
      `${file} has schema version ${schemaVersion}, newer than this build knows (${newest}): restore it with the version that made it`,
    )
  const target = paths[kind]
  mkdirSync(dirname(target), { recursive: true })
  const staged = `${target}.restore`
  copyFileSync(file, staged)
  let outcome: 'replaced' | 'in_use'
  try {
    outcome = await files.replaceExclusively(target, staged)
  } catch (err) {
    rmSync(staged, { force: true })
    throw err
  }
  if (outcome === 'in_use') {
    rmSync(staged, { force: true })
    throw new RestoreRefusedError(`${target} is open in another process (the service, or an import): stop it, then restore`)
  }
  return { kind, target, schemaVersion }
}

/** Which store the file holds and its schema version; refuses a file that is not one, or is damaged. */
async function inspect(file: string, files: StoreFiles): Promise<{ kind: StoreKind; schemaVersion: number }> {
  const inspection = await files.inspect(file)
  if (inspection.status === 'unopenable')
    throw new RestoreRefusedError(`${file} cannot be opened as an SQLite database: ${inspection.reason}`)
  if (inspection.status === 'unreadable') throw new RestoreRefusedError(`${file} is not an SQLite database: ${inspection.reason}`)
  const { kind, schemaVersion, problems } = inspection
  if (problems.length > 0)
    throw new RestoreRefusedError(`${file} fails the integrity check, nothing was replaced: ${problems.slice(0, 3).join('; ')}`)
  if (!kind) throw new RestoreRefusedError(`${file} is an SQLite database, but not a backup of the index or of the dashboard store`)
  return { kind, schemaVersion }
}
