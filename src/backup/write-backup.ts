import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { BackupError } from './errors'
import { backupFileName, expiredBackups, parseBackupFileName, type StoreKind } from './backup-names'

/**
 * A `.partial` copy not written to for this long was left by a backup that was killed (SIGKILL, a
 * power cut): a copy in progress writes all the time, whichever process makes it.
 */
const ABANDONED_PARTIAL_MS = 10 * 60_000

export interface StoreFile {
  kind: StoreKind
  path: string
}

export interface WrittenBackup {
  kind: StoreKind
  path: string
  bytes: number
  ms: number
}

/**
 * Copies each store that exists into `dir` as it is at one instant, while the service keeps
 * writing: `VACUUM INTO` from a read-only connection reads one WAL snapshot (a consistent
 * database even mid-import) and writes a compact copy, no WAL, no free pages. The copy is written
 * under a `.partial` name and renamed when complete, so a backup that has its final name is whole.
 * A store whose file is not on this host (the dashboard elsewhere) is left out; `.partial` copies
 * an earlier backup was killed in the middle of are removed first. Blocks the thread for as long as
 * the copy takes: the service runs it in a worker (backup-worker.ts).
 */
export function writeBackup(stores: readonly StoreFile[], dir: string, at: Date): WrittenBackup[] {
  try {
    mkdirSync(dir, { recursive: true })
  } catch (err) {
    throw new BackupError(`cannot create the backup folder ${dir}: ${(err as Error).message}`, { cause: err })
  }
  removeAbandonedPartials(dir, at.getTime())
  const written: WrittenBackup[] = []
  for (const store of stores) {
    if (!existsSync(store.path)) continue
    const startedAtMs = performance.now()
    const path = join(dir, backupFileName(store.kind, at))
    const partial = `${path}.partial`
    rmSync(partial, { force: true })
    const sqlite = new Database(store.path, { readonly: true, strict: true })
    try {
      sqlite.run('PRAGMA busy_timeout = 5000')
      sqlite.run('VACUUM INTO ?', [partial])
      renameSync(partial, path)
    } catch (err) {
      rmSync(partial, { force: true })
      throw new BackupError(`cannot back up ${store.path} to ${path}: ${(err as Error).message}`, { cause: err })
    } finally {
      sqlite.close(true)
    }
    written.push({ kind: store.kind, path, bytes: statSync(path).size, ms: Math.round(performance.now() - startedAtMs) })
  }
  return written
}

/** Removes the `.partial` backups in `dir` nothing has written to for ABANDONED_PARTIAL_MS; other files stay. */
function removeAbandonedPartials(dir: string, nowMs: number): void {
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.partial') || parseBackupFileName(name.slice(0, -'.partial'.length)) === null) continue
    const path = join(dir, name)
    if (nowMs - statSync(path).mtimeMs >= ABANDONED_PARTIAL_MS) rmSync(path, { force: true })
  }
}

/** Deletes the backups in `dir` beyond the newest `keep` of each store; other files stay. Returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const expired = expiredBackups(readdirSync(dir), keep)
  for (const name of expired) rmSync(join(dir, name), { force: true })
  return expired
}
