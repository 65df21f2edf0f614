import type { Logger } from '../log'
import { type EvictionCandidate, type EvictionScan, startEvictionScan } from './eviction-scan'
import type { MaintenanceStore, StorageMeasure } from './store-port'
import { diskBytesOf, usedBytesOf } from './usage'

/** A run evicts until the data is this far under the cap, so it does not run again for every few torrents crawled. */
export const CAP_MARGIN = 0.02
/**
 * The share of the cap the data that is not torrents (evidence, queue jobs...) may take before it
 * stops counting against the torrents: past it, the cap says so rather than evict for it. Its own
 * retention (SERVICE_EVIDENCE_PAYLOAD_*) keeps it far below this on a real install.
 */
export const OTHER_DATA_SHARE = 0.05
const OTHER_DATA_MIN_RESERVE_BYTES = 1024 * 1024
/** Torrents per eviction transaction: about 25 ms of the main thread at a million torrents, the most a search waits. */
const EVICTION_BATCH = 25
const CHECKPOINT_EVERY_BATCHES = 10
/** Free pages given back per step: ~8 MiB, a few milliseconds of writing. */
const RELEASE_PAGES_PER_STEP = 2048
/** While nothing can be evicted, the whole index is walked again at most this often. */
const FULL_RESCAN_MS = 5 * 60_000
/** Measuring is a few PRAGMAs and stats: cheap enough to do this often, and after commits. */
const CHECK_EVERY_MS = 10_000
const CHECK_AFTER_COMMIT_MS = 1_000

export interface StorageCapDeps {
  limitBytes: number
  store: MaintenanceStore
  /** The write-ahead log's ceiling under the cap, which the cap keeps free for it. */
  walReserveBytes: number
  /** Torrents an active want asks for are kept like the protected ones. */
  isWanted: (candidate: EvictionCandidate) => boolean
  log: Logger
  nowMs?: () => number
}

/**
 * Keeps the core database under SERVICE_STORAGE_LIMIT, as the disk sees it: data pages, the
 * write-ahead log and its shared memory (usage.ts). A check compares them with the cap;
 * past it, the least valuable torrents are evicted in small transactions, each followed by a rest
 * as long as it took, until the data is CAP_MARGIN under the cap, and the log is then checkpointed
 * and truncated. What may go and in which order is the store's (MaintenanceStore.evictBatch); the
 * active wants are added here. Free pages are left for new torrents to reuse, except that files
 * larger than the cap are truncated back to it.
 *
 * Data that is not torrents never evicts them past its share (OTHER_DATA_SHARE of the cap): a
 * flood of webhooks must not wipe the index. When such data is what holds the index over the cap,
 * or every remaining torrent is protected, the index is full: the caller pauses the crawler with
 * the reason as its warning (imports still go in: an operator asked for them) until a check finds
 * room again.
 */
export function createStorageCap(deps: StorageCapDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const { log, limitBytes, store } = deps
  const otherReserveBytes = Math.max(OTHER_DATA_MIN_RESERVE_BYTES, limitBytes * OTHER_DATA_SHARE)
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

  const used = (measure: StorageMeasure) => usedBytesOf(measure, deps.walReserveBytes)
  const usedNow = async () => used(await store.measure())
  /** Bytes of data that is not torrents past its reserve: the part of the excess no eviction may answer. */
  const otherDataOverReserve = async (): Promise<number> => Math.max(0, (await store.otherDataBytes()) - otherReserveBytes)

  const evictUntilUnder = async (otherOver: number): Promise<EvictionScan> => {
    const targetBytes = limitBytes * (1 - CAP_MARGIN)
    const scan = startEvictionScan()
    const startedAtMs = nowMs()
    let evicted = 0
    let batches = 0
    while (!stopped && (await usedNow()) - otherOver > targetBytes) {
      const batchStartedAtMs = performance.now()
      const batch = await store.evictBatch(scan, EVICTION_BATCH, deps.isWanted)
      if (batch === 0) break
      evicted += batch
      // A few MiB copied back every 10 batches instead of the whole log at once: a checkpoint of
      // a WAL the deletes filled stalls the main thread, and one after every batch pays a file
      // sync each time.
      if (++batches % CHECKPOINT_EVERY_BATCHES === 0) await store.checkpoint()
      evictedTorrents += batch
      // As long a rest as the batch took: eviction holds the main thread (HTTP, ingest) at most half the time.
      await sleep(performance.now() - batchStartedAtMs)
    }
    if (evicted > 0) {
      await store.truncateLog()
      log.info('storage cap: torrents evicted', { evicted, usedBytes: await usedNow(), limitBytes, ms: nowMs() - startedAtMs })
    }
    return scan
  }

  const releasePagesOverCap = async (): Promise<void> => {
    const disk = (measure: StorageMeasure) => diskBytesOf(measure, deps.walReserveBytes)
    let measure = await store.measure()
    if (!measure.canRelease || disk(measure) <= limitBytes) return
    while (!stopped && disk(measure) > limitBytes && measure.freePages > 0) {
      if ((await store.releaseFreePages(RELEASE_PAGES_PER_STEP)) === 0) break
      await yieldToEventLoop()
      measure = await store.measure()
    }
    await store.truncateLog()
  }

  const becomeFull = (usedBytes: number, otherOver: number) => {
    const wasFull = fullSinceMs !== null
    fullSinceMs = nowMs()
    if (wasFull) return
    const otherBytes = otherOver + otherReserveBytes
    const message =
      otherOver > 0
        ? `the index is over SERVICE_STORAGE_LIMIT (${usedBytes} of ${limitBytes} bytes) because of data that is not torrents: ${otherBytes} bytes of evidence reports and queue jobs, past their share of ${Math.round(otherReserveBytes)}; no torrent is evicted for it (see SERVICE_EVIDENCE_PAYLOAD_BUDGET and the intake's rate limit)`
        : `the index is full: ${usedBytes} bytes in use, over SERVICE_STORAGE_LIMIT (${limitBytes}), and every torrent left is protected`
    log.warn('storage cap: nothing more can be evicted, the crawler pauses', { usedBytes, limitBytes, otherDataBytes: otherBytes })
    tellFull({ message })
  }

  const run = async (): Promise<void> => {
    // The log may be what is over (a large import before its checkpoint): shrink it before judging.
    const before = await store.measure()
    if (used(before) > limitBytes && before.journalBytes > 0) await store.truncateLog()
    if ((await usedNow()) <= limitBytes) {
      await releasePagesOverCap()
      if (fullSinceMs !== null) {
        fullSinceMs = null
        log.info('storage cap: room again, the crawler resumes', { usedBytes: await usedNow(), limitBytes })
        tellFull(null)
      }
      return
    }
    if (fullSinceMs !== null && nowMs() - fullSinceMs < FULL_RESCAN_MS) return
    const otherOver = await otherDataOverReserve()
    const scan = await evictUntilUnder(otherOver)
    await releasePagesOverCap()
    const usedBytes = await usedNow()
    if (usedBytes > limitBytes && (scan.isExhausted || otherOver > 0)) becomeFull(usedBytes, otherOver)
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
     * Told once when the index becomes full (over the cap, and nothing more to evict or only data
     * that is not torrents to blame), with a message for the operator, and with null once a check
     * finds room again.
     */
    onFullChange(listener: (full: { message: string } | null) => void): void {
      fullListeners.push(listener)
    },
    /** Checks now, then every 10 s; again after a stop (the worker's lease came back). */
    start(): void {
      stopped = false
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
