import type { Logger } from '../log'
import { type EvictionCandidate, type EvictionScan, startEvictionScan } from '../torrents'
import { fileBytes } from './database-files'
import type { PageUsage } from './page-usage'

/** A run evicts until the data is this far under the cap, so it does not run again for every few torrents crawled. */
export const CAP_MARGIN = 0.02
/** Torrents per eviction transaction: about 25 ms of the main thread at a million torrents, the most a search waits. */
const EVICTION_BATCH = 25
const CHECKPOINT_EVERY_BATCHES = 10
/** While nothing can be evicted, the whole index is walked again at most this often. */
const FULL_RESCAN_MS = 5 * 60_000
/** Measuring is two PRAGMAs and a stat: cheap enough to do this often, and after commits. */
const CHECK_EVERY_MS = 10_000
const CHECK_AFTER_COMMIT_MS = 1_000

export interface StorageCapDeps {
  limitBytes: number
  databasePath: string
  pages: PageUsage
  evictBatch: (scan: EvictionScan, limit: number, isKept: (candidate: EvictionCandidate) => boolean) => number
  /** Torrents an active want asks for are kept like the protected ones. */
  isWanted: (candidate: EvictionCandidate) => boolean
  log: Logger
  nowMs?: () => number
}

/**
 * Keeps the core database under SERVICE_STORAGE_LIMIT. A check compares the bytes in use with the
 * cap; past it, the least valuable torrents are evicted in small transactions, each followed by
 * a rest as long as it took, until the data is CAP_MARGIN under the cap. What may go and in which
 * order is the eviction's (src/torrents/eviction.ts); the active wants are added here. Free pages
 * are left for new torrents to reuse, except that a file larger than the cap is truncated back
 * to it. When every remaining torrent is protected, the index is full: the caller pauses the
 * crawler (imports still go in: an operator asked for them) until a check finds room again.
 */
export function createStorageCap(deps: StorageCapDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const { log, limitBytes } = deps
  let running: Promise<void> | null = null
  let fullSinceMs: number | null = null
  let evictedTorrents = 0
  let lastCheckMs = 0
  let timer: ReturnType<typeof setInterval> | undefined
  let stopped = false
  const fullListeners: ((full: { message: string } | null) => void)[] = []
  const tellFull = (full: { message: string } | null) => {
    for (const listener of fullListeners) listener(full)
  }

  const evictUntilUnder = async (): Promise<EvictionScan> => {
    const targetBytes = limitBytes * (1 - CAP_MARGIN)
    const scan = startEvictionScan()
    const startedAtMs = nowMs()
    let evicted = 0
    let batches = 0
    while (!stopped && deps.pages.usedBytes() > targetBytes) {
      const batchStartedAtMs = performance.now()
      const batch = deps.evictBatch(scan, EVICTION_BATCH, deps.isWanted)
      if (batch === 0) break
      evicted += batch
      // A few MiB copied back every 10 batches instead of 64 MiB at once: an automatic checkpoint
      // of a WAL the deletes filled stalls the main thread for hundreds of milliseconds, and one
      // after every batch pays a file sync each time.
      if (++batches % CHECKPOINT_EVERY_BATCHES === 0) deps.pages.checkpoint()
      evictedTorrents += batch
      // As long a rest as the batch took: eviction holds the main thread (HTTP, ingest) at most half the time.
      await sleep(performance.now() - batchStartedAtMs)
    }
    if (evicted > 0)
      log.info('storage cap: torrents evicted', { evicted, usedBytes: deps.pages.usedBytes(), limitBytes, ms: nowMs() - startedAtMs })
    return scan
  }

  const releasePagesOverCap = async (): Promise<void> => {
    if (!deps.pages.canRelease() || (fileBytes(deps.databasePath) ?? 0) <= limitBytes) return
    while (!stopped && deps.pages.databaseBytes() > limitBytes && deps.pages.freePages() > 0) {
      if (deps.pages.releaseStep() === 0) break
      await yieldToEventLoop()
    }
    deps.pages.checkpoint()
  }

  const run = async (): Promise<void> => {
    if (deps.pages.usedBytes() <= limitBytes) {
      await releasePagesOverCap()
      if (fullSinceMs !== null) {
        fullSinceMs = null
        log.info('storage cap: room again, the crawler resumes', { usedBytes: deps.pages.usedBytes(), limitBytes })
        tellFull(null)
      }
      return
    }
    if (fullSinceMs !== null && nowMs() - fullSinceMs < FULL_RESCAN_MS) return
    const scan = await evictUntilUnder()
    await releasePagesOverCap()
    const usedBytes = deps.pages.usedBytes()
    if (usedBytes > limitBytes && scan.isExhausted) {
      const wasFull = fullSinceMs !== null
      fullSinceMs = nowMs()
      if (!wasFull) {
        const message = `the index is full: ${usedBytes} bytes in use, over SERVICE_STORAGE_LIMIT (${limitBytes}), and every torrent left is protected`
        log.warn('storage cap: nothing more can be evicted, the crawler pauses', { usedBytes, limitBytes })
        tellFull({ message })
      }
    }
  }

  const check = (): Promise<void> => {
    lastCheckMs = nowMs()
    running ??= run()
      .catch((err) => log.error('storage cap: check failed', { err }))
      .finally(() => {
        running = null
      })
    return running
  }

  return {
    /** Measures and, past the cap, evicts; a check asked for while one runs joins it. */
    check,
    /**
     * Told once when the index becomes full (over the cap, nothing more to evict), with a
     * message for the operator, and with null once a check finds room again.
     */
    onFullChange(listener: (full: { message: string } | null) => void): void {
      fullListeners.push(listener)
    },
    /** Checks now, then every 10 s. */
    start(): void {
      timer = setInterval(() => void check(), CHECK_EVERY_MS)
      void check()
    },
    /** After an ingest commit: a large import crosses the cap between two timer ticks. */
    afterCommit(): void {
      if (nowMs() - lastCheckMs >= CHECK_AFTER_COMMIT_MS) void check()
    },
    /** Stops the timer and lets a run in progress end at its current batch. */
    async stop(): Promise<void> {
      clearInterval(timer)
      stopped = true
      await running
    },
    /** Torrents evicted since start, and whether the index is full. */
    report(): { evictedTorrents: number; isFull: boolean } {
      return { evictedTorrents, isFull: fullSinceMs !== null }
    },
  }
}

export type StorageCap = ReturnType<typeof createStorageCap>

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(1, ms)))
}
