import { Database } from 'bun:sqlite'
import { existsSync, rmSync } from 'node:fs'
import type { Logger } from '../../../log'
import { DatabaseInUseError, openExclusively, replaceDatabaseFile } from '../../sqlite-file'

/** What became of the file: already incremental, set on a new file, rewritten, or left as it was (why is logged). */
export type AutoVacuumOutcome = 'incremental' | 'set' | 'converted' | 'skipped'

/**
 * Puts the core database in incremental auto-vacuum mode, which the storage cap needs to give
 * freed pages back to the file system (PRAGMA incremental_vacuum). A new or empty file takes the
 * setting directly. An existing one needs a full rewrite, done once: a copy with the new mode
 * written beside it (VACUUM INTO, no temporary file and no RAM beyond the page cache), then
 * renamed over the original while this process holds the only connection. It needs free space as
 * large as the database and takes about as long as a backup (bench/storage.ts). Anything in the
 * way (another process has the file open, the disk is full) leaves the file as it was: the cap
 * still works, reusing freed pages, but the file does not shrink; the next start tries again.
 * Runs before the service opens the database.
 */
export function migrateToIncrementalVacuum(path: string, log: Logger): AutoVacuumOutcome {
  if (path === ':memory:') return 'skipped'
  const sqlite = new Database(path, { create: true, strict: true })
  let hasTables: boolean
  try {
    if (sqlite.query<{ auto_vacuum: number }, []>('PRAGMA auto_vacuum').get()!.auto_vacuum === 2) return 'incremental'
    hasTables = sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM sqlite_schema').get()!.n > 0
    if (!hasTables) {
      sqlite.run('PRAGMA auto_vacuum = INCREMENTAL')
      sqlite.run('VACUUM')
      return 'set'
    }
  } finally {
    sqlite.close(true)
  }
  return convert(path, log)
}

function convert(path: string, log: Logger): AutoVacuumOutcome {
  const copyPath = `${path}.auto-vacuum`
  rmSync(copyPath, { force: true })
  let sqlite: Database
  try {
    sqlite = openExclusively(path)
  } catch (err) {
    if (!(err instanceof DatabaseInUseError)) throw err
    log.warn('storage cap: the database is open in another process, so freed pages cannot be given back until a restart without it', {
      path,
    })
    return 'skipped'
  }
  const startedAtMs = Date.now()
  log.info('storage cap: rewriting the database once for incremental vacuum', { path })
  try {
    sqlite.run('PRAGMA auto_vacuum = INCREMENTAL')
    sqlite.run('VACUUM INTO ?', [copyPath])
    replaceDatabaseFile(path, copyPath)
    log.info('storage cap: database rewritten', { path, ms: Date.now() - startedAtMs })
    return 'converted'
  } catch (err) {
    if (existsSync(copyPath)) rmSync(copyPath, { force: true })
    log.warn(
      'storage cap: could not rewrite the database (free space as large as it is needed); freed pages are reused but not given back',
      {
        path,
        err,
      },
    )
    return 'skipped'
  } finally {
    sqlite.close(true)
  }
}
