import type { Database } from 'bun:sqlite'

/** Free pages returned to the file system per transaction: ~8 MiB, a few milliseconds of writing. */
const RELEASE_PAGES_PER_STEP = 2048

/**
 * How much of the core database holds data, from SQLite's own page counts: the pages of the file
 * minus those on its free list. This is what the cap compares, not the file's size: a deleted
 * torrent's pages join the free list at once and new torrents reuse them, whether or not the file
 * has shrunk yet. The WAL is left out: it is checkpointed back and trimmed to 64 MiB.
 */
export function createPageUsage(sqlite: Database) {
  const pageCount = sqlite.prepare<{ page_count: number }, []>('PRAGMA page_count')
  const freelistCount = sqlite.prepare<{ freelist_count: number }, []>('PRAGMA freelist_count')
  const pageSize = sqlite.prepare<{ page_size: number }, []>('PRAGMA page_size')
  const autoVacuum = sqlite.prepare<{ auto_vacuum: number }, []>('PRAGMA auto_vacuum')
  return {
    usedBytes(): number {
      return (pageCount.get()!.page_count - freelistCount.get()!.freelist_count) * pageSize.get()!.page_size
    },
    /** The database's size once checkpointed: a release shows here before the file shrinks. */
    databaseBytes: (): number => pageCount.get()!.page_count * pageSize.get()!.page_size,
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
  }
}

export type PageUsage = ReturnType<typeof createPageUsage>
