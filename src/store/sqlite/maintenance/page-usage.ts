import type { Database } from 'bun:sqlite'
import { fileBytes, type StorageMeasure } from '../../../storage-cap'

/**
 * The tables outsiders fill (webhooks, the queue behind them, outbound batches, fetches by hash,
 * want matches), with their indexes: the data that is not torrents.
 */
const OTHER_DATA_TABLES = ['evidence', 'queue_jobs', 'evidence_webhook_batches', 'want_matches', 'fetch_requests']

/**
 * What the index file weighs, from SQLite's own page counts and the files beside it, and the
 * space it can give back: the storage cap's reads and writes on the writer's connection.
 */
export function createPageUsage(sqlite: Database, databasePath: string) {
  const pageCount = sqlite.prepare<{ page_count: number }, []>('PRAGMA page_count')
  const freelistCount = sqlite.prepare<{ freelist_count: number }, []>('PRAGMA freelist_count')
  const pageSize = sqlite.prepare<{ page_size: number }, []>('PRAGMA page_size')
  const autoVacuum = sqlite.prepare<{ auto_vacuum: number }, []>('PRAGMA auto_vacuum')
  const busyTimeout = sqlite.prepare<{ timeout: number }, []>('PRAGMA busy_timeout')
  const otherDataNames = sqlite.prepare<{ name: string }, string[]>(
    `SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') AND tbl_name IN (${OTHER_DATA_TABLES.map(() => '?').join(', ')})`,
  )
  // dbstat's aggregate row walks one b-tree: only the small tables named, never the torrents'.
  const treeBytes = sqlite.prepare<{ bytes: number | null }, [string]>(
    'SELECT pgsize AS bytes FROM dbstat WHERE name = ? AND aggregate = 1',
  )
  return {
    measure(): StorageMeasure {
      const pages = pageCount.get()!.page_count
      const free = freelistCount.get()!.freelist_count
      const size = pageSize.get()!.page_size
      const walBytes = fileBytes(`${databasePath}-wal`) ?? 0
      return {
        dataBytes: (pages - free) * size,
        allocatedBytes: pages * size,
        journalBytes: walBytes + (fileBytes(`${databasePath}-shm`) ?? 0),
        fileBytes: fileBytes(databasePath),
        walBytes,
        freePages: free,
        // Only in incremental auto-vacuum mode (set before the index opens) can free pages be given back.
        canRelease: autoVacuum.get()!.auto_vacuum === 2,
      }
    },
    otherDataBytes(): number {
      let total = 0
      for (const { name } of otherDataNames.all(...OTHER_DATA_TABLES)) total += treeBytes.get(name)?.bytes ?? 0
      return total
    },
    /** Truncates up to `maxPages` free pages off the end of the file; in WAL mode it shrinks at the next complete checkpoint. */
    releaseFreePages(maxPages: number): number {
      const before = freelistCount.get()!.freelist_count
      sqlite.run(`PRAGMA incremental_vacuum(${Math.floor(maxPages)})`)
      return before - freelistCount.get()!.freelist_count
    },
    checkpoint(): void {
      sqlite.run('PRAGMA wal_checkpoint(PASSIVE)')
    },
    // A search reading an older snapshot makes it give up at once rather than hold the main thread.
    truncateLog(): void {
      const { timeout } = busyTimeout.get()!
      sqlite.run('PRAGMA busy_timeout = 0')
      try {
        sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
      } finally {
        sqlite.run(`PRAGMA busy_timeout = ${timeout}`)
      }
    },
    // Per connection: the size limit and the automatic checkpoint of this writer's log.
    limitLog(maxBytes: number): void {
      sqlite.run(`PRAGMA journal_size_limit = ${Math.floor(maxBytes)}`)
      sqlite.run(`PRAGMA wal_autocheckpoint = ${Math.max(16, Math.floor(maxBytes / pageSize.get()!.page_size))}`)
    },
  }
}
