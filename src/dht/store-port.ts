import type { DueSwarm, RecheckCursor } from './crawl/swarm-recheck'

/** Where the operator's pause of the crawl is kept across restarts. */
export interface CrawlerControlStore {
  /** False until a pause was ever saved. */
  isPaused(): Promise<boolean>
  savePaused(paused: boolean, changedAt: string): Promise<void>
  /** Told when another process saved a pause or a resume; a store one process writes never calls it. */
  onExternalChange(listener: () => void): () => void
}

/** The crawler thread's view of which info hashes the index holds (its own read-only connection). */
export interface KnownHashesReader {
  /** Up to `limit` stored hashes written after `afterId`, in write order; `lastId` is where the next page starts (`afterId` when none). */
  hashesAfter(afterId: number, limit: number): Promise<{ hashes: Uint8Array[]; lastId: number }>
  /** The hashes an operator or a rule blocked. */
  blockedHashes(): Promise<Uint8Array[]>
  /** The 8-byte prefixes of evicted torrents, as big-endian signed 64-bit numbers. */
  evictedPrefixes(): Promise<bigint[]>
  /** For each hash, in order: whether it is stored, blocked or evicted. */
  whichKnown(hashes: readonly Uint8Array[]): Promise<boolean[]>
  close(): Promise<void>
}

/** The scheduled swarm re-check's read of the index, on the crawler thread's own read-only connection. */
export interface DueSwarmsReader {
  /** Up to `limit` stored torrents last checked before `beforeSeconds` and after `cursor`, in (checkedAt, id) order. */
  dueSwarms(beforeSeconds: number, cursor: RecheckCursor, limit: number): Promise<DueSwarm[]>
  close(): Promise<void>
}
