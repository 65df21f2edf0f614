import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { backupFileName, expiredBackups, parseBackupFileName } from './backup-names'
import { BackupError } from './errors'
import type { FromBackupWorker, StoreFile, ToBackupWorker, WrittenBackup } from './messages'
import type { StoreFiles } from './store-port'

/**
 * A `.partial` copy not written to for this long was left by a backup that was killed (SIGKILL, a
 * power cut): a copy in progress writes all the time, whichever process makes it.
 */
const ABANDONED_PARTIAL_MS = 10 * 60_000

/**
 * The files to back up: the core's index when it is a file (else why not, to tell the operator)
 * and the dashboard's store, the index first.
 */
export function backupSources(files: StoreFiles, dashboardPath: string): { stores: StoreFile[]; refusals: string[] } {
  const core = files.coreBackupSource()
  const dashboard: StoreFile = { kind: 'dashboard', path: dashboardPath }
  return core.kind === 'file'
    ? { stores: [{ kind: 'index', path: core.path }, dashboard], refusals: [] }
    : { stores: [dashboard], refusals: [core.reason] }
}

/**
 * Copies each store that exists into `dir` as it is at one instant, while the service keeps
 * writing (StoreFiles.snapshot: one consistent snapshot, compact). The copy is written under a
 * `.partial` name and renamed when complete, so a backup that has its final name is whole. A
 * store whose file is not on this host (the dashboard elsewhere) is left out; `.partial` copies an
 * earlier backup was killed in the middle of are removed first. Holds its thread for as long as the
 * copy takes: the service runs it in a worker (src/core/threads/backup-thread.ts).
 */
export async function writeBackup(
  stores: readonly StoreFile[],
  dir: string,
  at: Date,
  files: Pick<StoreFiles, 'snapshot'>,
): Promise<WrittenBackup[]> {
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
    try {
      await files.snapshot(store.path, partial)
      renameSync(partial, path)
    } catch (err) {
      rmSync(partial, { force: true })
      throw new BackupError(`cannot back up ${store.path} to ${path}: ${(err as Error).message}`, { cause: err })
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

/** One scheduled backup, then the pruning, as the backup thread runs it: every failure is in the reply. */
export async function runBackupOrder(order: ToBackupWorker, files: Pick<StoreFiles, 'snapshot'>): Promise<FromBackupWorker> {
  try {
    const written = await writeBackup(order.stores, order.dir, new Date(order.atMs), files)
    return { type: 'done', written, pruned: pruneBackups(order.dir, order.keep) }
  } catch (err) {
    return { type: 'failed', message: err instanceof Error ? err.message : String(err) }
  }
}
