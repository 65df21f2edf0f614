import type { Database } from 'bun:sqlite'
import { fileBytes } from './database-files'

/** Free pages returned to the file system per transaction: ~8 MiB, a few milliseconds of writing. */
const RELEASE_PAGES_PER_STEP = 2048

/**
 * The tables outsiders fill (webhooks, the queue behind them, outbound batches, fetches by hash,
 * want matches), with their indexes: the data that is not torrents. The storage cap never evicts
 * torrents to make room for it (storage-cap.ts).
 */
const OTHER_DATA_TABLES = ['evidence', 'queue_jobs', 'evidence_webhook_batches', 'want_matches', 'fetch_requests']

/**
 * What the core database weighs, from SQLite's own page counts and the files beside it. `usedBytes`
 * is what the cap compares: the pages holding data (a deleted torrent's pages join the free list at
 * once and new torrents reuse them, whether or not the file has shrunk yet) plus the write-ahead
 * log and its shared-memory index, since the operator's disk sees those too. The log counts at
 * `walReserveBytes` (its ceiling under the cap) or its size when larger: it swings between empty
 * and its ceiling with every checkpoint, and the cap keeps room for it rather than chase it.
 */
export function createPageUsage(sqlite: Database, databasePath: string, walReserveBytes = 0) {
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
  const journalBytes = () => (fileBytes(`${databasePath}-wal`) ?? 0) + (fileBytes(`${databasePath}-shm`) ?? 0)
  const dataBytes = () => (pageCount.get()!.page_count - freelistCount.get()!.freelist_count) * pageSize.get()!.page_size
  const journalCounted = () => Math.max(journalBytes(), walReserveBytes)
  return {
    usedBytes: (): number => dataBytes() + journalCounted(),
    /** The WAL and its shared memory as the disk holds them now. */
    journalBytes,
    /** The database file once checkpointed, with its WAL and shared memory: a release shows here before the file shrinks. */
    diskBytes: (): number => pageCount.get()!.page_count * pageSize.get()!.page_size + journalCounted(),
    /** Pages of evidence, queue jobs and the other tables outsiders fill (OTHER_DATA_TABLES). */
    otherDataBytes(): number {
      let total = 0
      for (const { name } of otherDataNames.all(...OTHER_DATA_TABLES)) total += treeBytes.get(name)?.bytes ?? 0
      return total
    },
    freePages: (): number => freelistCount.get()!.freelist_count,
    /** In incremental auto-vacuum mode only (migrated at start), free pages can be given back. */
    canRelease: (): boolean => autoVacuum.get()!.auto_vacuum === 2,
    /**
     * Truncates up to ~8 MiB of free pages off the end of the database; returns how many were
     * released. In WAL mode the file itself shrinks at the next complete checkpoint.
     */
    releaseStep(): number {
      const before = freelistCount.get()!.freelist_count
      sqlite.run(`PRAGMA incremental_vacuum(${RELEASE_PAGES_PER_STEP})`)
      return before - freelistCount.get()!.freelist_count
    },
    /** Copies the WAL back without waiting for readers, so a release reaches the file now if it can. */
    checkpoint(): void {
      sqlite.run('PRAGMA wal_checkpoint(PASSIVE)')
    },
    /**
     * Copies the WAL back and truncates it to nothing, after an eviction pass, so the deletes' log
     * does not stay on the disk. A search reading an older snapshot makes it give up at once
     * rather than hold the main thread; the log is then trimmed at its next reset.
     */
    checkpointAndTruncate(): void {
      const { timeout } = busyTimeout.get()!
      sqlite.run('PRAGMA busy_timeout = 0')
      try {
        sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
      } finally {
        sqlite.run(`PRAGMA busy_timeout = ${timeout}`)
      }
    },
  }
}

export type PageUsage = ReturnType<typeof createPageUsage>
