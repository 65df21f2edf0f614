import { Database } from 'bun:sqlite'
import { renameSync, rmSync } from 'node:fs'
import { DatabaseInUseError } from '../errors'

/**
 * Opens an existing database file and holds SQLite's exclusive lock on it for as long as the
 * connection lives, so nothing else reads or writes it while it is replaced. Leaving WAL mode
 * needs every other connection closed, in any process: an idle service or an import beside it
 * makes this throw DatabaseInUseError at once (busy_timeout 0) instead of waiting. Whatever
 * opens the file next with openSqlite puts it back in WAL mode.
 */
export function openExclusively(path: string): Database {
  const sqlite = new Database(path, { strict: true })
  try {
    sqlite.run('PRAGMA busy_timeout = 0')
    sqlite.run('PRAGMA locking_mode = EXCLUSIVE')
    sqlite.run('PRAGMA journal_mode = DELETE')
    // In exclusive locking mode the lock taken by a write is kept until the connection closes.
    sqlite.run('BEGIN EXCLUSIVE')
    sqlite.run('COMMIT')
    return sqlite
  } catch (err) {
    sqlite.close(true)
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new DatabaseInUseError(path, { cause: err })
    throw err
  }
}

/**
 * Puts `replacementPath` (a complete database on the same file system) in place of `targetPath`
 * in one rename, after removing the target's -wal and -shm: pages of the old database in a stale
 * WAL would otherwise be read as part of the new one. The caller holds the target through
 * openExclusively (when it exists) so no process has it open meanwhile.
 */
export function replaceDatabaseFile(targetPath: string, replacementPath: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${targetPath}${suffix}`, { force: true })
  renameSync(replacementPath, targetPath)
}
