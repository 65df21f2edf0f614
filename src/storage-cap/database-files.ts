import { statSync } from 'node:fs'
import type { MaintenanceStore } from './store-port'

/** Bytes of a file, or null when there is none (a WAL checkpointed away, a store on another host). */
export function fileBytes(path: string): number | null {
  try {
    return statSync(path).size
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

/** The write-ahead log's ceiling without a cap (SQLite's journal_size_limit and its checkpoint every 16,384 pages). */
const UNCAPPED_WAL_BYTES = 64 * 1024 * 1024
/** With a cap, the WAL gets this share of it: 1.5 MB of a 29 MB cap, the full 64 MiB from 1.3 GB up. */
const WAL_SHARE_OF_CAP = 0.05
const MIN_WAL_BYTES = 64 * 1024

/**
 * The write-ahead log's ceiling under a cap of `limitBytes` (issue 35.2): its size limit and its
 * automatic checkpoint scale with the cap, so a small cap is not mostly log, and the cap keeps
 * that much of itself free for it.
 */
export function walCeilingBytes(limitBytes: number): number {
  return Math.round(Math.min(UNCAPPED_WAL_BYTES, Math.max(MIN_WAL_BYTES, limitBytes * WAL_SHARE_OF_CAP)))
}

/** Holds a store's write-ahead log to its ceiling under a cap: every store that writes (the service's, a CLI import's). */
export function limitWriteAheadLog(store: MaintenanceStore, limitBytes: number): Promise<void> {
  return store.limitLog(walCeilingBytes(limitBytes))
}
