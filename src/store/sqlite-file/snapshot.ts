import { Database } from 'bun:sqlite'

/**
 * Copies the database at `sourcePath` to `targetPath` as it is at one instant, while other
 * connections keep writing: `VACUUM INTO` from a read-only connection reads one WAL snapshot (a
 * consistent database even mid-import) and writes a compact copy, no WAL, no free pages. Blocks
 * the thread for as long as the copy takes: the service runs it in a worker.
 */
export function snapshotSqliteFile(sourcePath: string, targetPath: string): void {
  const sqlite = new Database(sourcePath, { readonly: true, strict: true })
  try {
    sqlite.run('PRAGMA busy_timeout = 5000')
    sqlite.run('VACUUM INTO ?', [targetPath])
  } finally {
    sqlite.close(true)
  }
}
