import type { EvictionCandidate, EvictionScan } from './eviction-scan'

/** What the core's store weighs, as the engine counts it. */
export interface StorageMeasure {
  /** Bytes of the pages holding data (freed pages are reused by new torrents before the file grows). */
  dataBytes: number
  /** Bytes of every page, free ones included: what the main file holds once its log is copied back. */
  allocatedBytes: number
  /** The write-ahead log and its shared memory on disk now; 0 for an engine that keeps no log of its own. */
  journalBytes: number
  /** The main file on disk; null when the store is not a file. */
  fileBytes: number | null
  /** The write-ahead log file alone. */
  walBytes: number
  freePages: number
  /** Whether free pages can be given back to the file system (SQLite in incremental auto-vacuum mode). */
  canRelease: boolean
}

/** The storage cap's port, on the open store: measures, gives space back and evicts. */
export interface MaintenanceStore {
  measure(): Promise<StorageMeasure>
  /**
   * Bytes of the data outsiders fill, with its indexes: evidence, the queue's jobs, outbound
   * batches, fetch requests and want matches. The cap never evicts torrents to make room for it.
   */
  otherDataBytes(): Promise<number>
  /** Gives up to `maxPages` free pages back to the file system; returns how many. */
  releaseFreePages(maxPages: number): Promise<number>
  /** Copies the write-ahead log back without waiting for readers. */
  checkpoint(): Promise<void>
  /** Copies the log back and truncates it to nothing; a reader in the way leaves it for the log's next reset rather than wait. */
  truncateLog(): Promise<void>
  /** Holds this store's write-ahead log to about `maxBytes` (its size limit and automatic checkpoint). */
  limitLog(maxBytes: number): Promise<void>
  /**
   * One transaction: evicts up to `limit` torrents, the next ones of `scan` that `isKept` (pure and
   * synchronous: the active wants) does not keep, oldest window first and seederless first within
   * it, never one the *arr apps reported on, labelled or an operator tagged; remembers their hashes
   * for the crawler to skip. Moves `scan` past every torrent looked at. Returns how many were
   * evicted; 0 with `scan.isExhausted` means none is left.
   */
  evictBatch(scan: EvictionScan, limit: number, isKept: (candidate: EvictionCandidate) => boolean): Promise<number>
}
