import type { DueSwarm, RecheckCursor } from './crawl/swarm-recheck'
import type { CrawlerStatus } from './crawler-status'

/** A crawler process's status as it last told the index (SERVICE_ROLE=crawler, read by the `api` processes). */
export interface CrawlerReport {
  /** Which crawler: its host name, process id and DHT port, unique among the running ones. */
  crawlerId: string
  status: CrawlerStatus
  reportedAtMs: number
}

/** Where the operator's pause of the crawl is kept across restarts. */
export interface CrawlerPauseStore {
  /** False until a pause was ever saved. */
  isPaused(): Promise<boolean>
  savePaused(paused: boolean, changedAt: string): Promise<void>
  /** Told when another process saved a pause or a resume; a store one process writes never calls it. */
  onExternalChange(listener: () => void): () => void
}

/**
 * The operator's pause, the storage cap's full state and the crawlers' reports: what processes
 * of one index tell each other about the crawl.
 */
export interface CrawlerControlStore extends CrawlerPauseStore {
  /** The storage cap's message while the index is full, saved by a worker in another process; null when there is room. */
  storageFull(): Promise<string | null>
  /** Saves the cap's state for the crawler processes (told to them as a change, as a pause is). */
  saveStorageFull(message: string | null, changedAt: string): Promise<void>
  /** Keeps `report` as its crawler's latest (replacing the one before). */
  saveReport(report: CrawlerReport): Promise<void>
  /** The crawler's report is withdrawn: it stopped. */
  deleteReport(crawlerId: string): Promise<void>
  /** The latest report of each crawler that reported at or after `sinceMs`, by crawler id. */
  reportsSince(sinceMs: number): Promise<CrawlerReport[]>
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
