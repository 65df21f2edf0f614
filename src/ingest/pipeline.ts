import type { Logger } from '../log'
import type { ClassifiedItem, IngestItem, Receipt, SwarmUpdate, WriteOutcome } from './model'
import type { IngestStore } from './store-port'

export interface FlushReport {
  imported: number
  updated: number
  deleted: number
  blocked: number
  failed: number
}

export interface IngestPipelineDeps {
  writer: IngestStore
  batchSize: number
  flushIntervalMs: number
  log: Logger
  nowSeconds?: () => number
}

/**
 * What each commit wrote and the torrents it classified, for what runs after it (rerank, metrics,
 * outbound batches). A listener may return a Promise: the next batch waits for it.
 */
export type CommitListener = (batch: { report: FlushReport; classified: ClassifiedItem[] }) => void | Promise<void>

interface Entry {
  item: IngestItem
  receipt: Receipt | undefined
}

/** Batches written or waiting past which `submit()` asks its producer to wait. */
const WRITES_AHEAD = 2

/**
 * The single writer between producers (import, crawler) and the store. Items are buffered and
 * written in batched transactions, when the batch is full or `flushIntervalMs` after the first
 * buffered item, so a trickle from the crawler is still written promptly.
 *
 * One write at a time: a batch is what was buffered when it filled or its timer fired, and it is
 * written only once the previous batch and that batch's listeners are done, so the order is
 * always "commit N, its listeners, commit N+1". With nothing in flight a batch starts at once, in
 * the producer's call: on SQLite, whose calls settle at once, the write lands before the
 * producer's next event, as a synchronous writer's did.
 */
export function createIngestPipeline(deps: IngestPipelineDeps) {
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
  let buffer: Entry[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const totals = { imported: 0, updated: 0, deleted: 0, blocked: 0, failed: 0, batches: 0 }
  const listeners: CommitListener[] = []
  /** Settles when every batch handed to the chain so far is committed and its listeners are done. */
  let writing: Promise<unknown> = Promise.resolve()
  let batchesInFlight = 0
  /** Producers waiting for the chain to drain below WRITES_AHEAD batches. */
  let waiters: (() => void)[] = []

  const commit = async (pending: Entry[]): Promise<FlushReport> => {
    const report: FlushReport = { imported: 0, updated: 0, deleted: 0, blocked: 0, failed: 0 }
    const { outcomes, classified } = await writeWithIsolation(pending)
    outcomes.forEach((outcome, i) => {
      if (outcome instanceof Error) report.failed++
      else report[outcome]++
      pending[i]!.receipt?.settle(outcome)
    })
    totals.imported += report.imported
    totals.updated += report.updated
    totals.deleted += report.deleted
    totals.blocked += report.blocked
    totals.failed += report.failed
    totals.batches++
    deps.log.debug('ingest batch committed', { ...report, totalImported: totals.imported, totalUpdated: totals.updated })
    // The batch is committed whatever a listener does: one that fails is logged, not thrown into
    // the producer (the crawler's message handler, an import, the flush timer).
    for (const listener of listeners) {
      try {
        await listener({ report, classified })
      } catch (err) {
        deps.log.warn('a commit listener failed', { err })
      }
    }
    return report
  }

  /**
   * One bad row must not sink its whole batch: when a batch fails, its items are retried one by
   * one so the good ones land and each bad one gets its own error.
   */
  const writeWithIsolation = async (pending: Entry[]): Promise<{ outcomes: (WriteOutcome | Error)[]; classified: ClassifiedItem[] }> => {
    const now = nowSeconds()
    try {
      return await deps.writer.writeBatch(
        pending.map((entry) => entry.item),
        now,
      )
    } catch (batchError) {
      deps.log.warn('ingest batch failed, retrying items one by one', { items: pending.length, err: batchError })
      const classified: ClassifiedItem[] = []
      const outcomes: (WriteOutcome | Error)[] = []
      for (const entry of pending) {
        try {
          const result = await deps.writer.writeBatch([entry.item], now)
          classified.push(...result.classified)
          outcomes.push(result.outcomes[0]!)
        } catch (err) {
          outcomes.push(err instanceof Error ? err : new Error(String(err)))
        }
      }
      return { outcomes, classified }
    }
  }

  const afterBatch = () => {
    batchesInFlight--
    if (batchesInFlight < WRITES_AHEAD) {
      const ready = waiters
      waiters = []
      for (const wake of ready) wake()
    }
  }

  /** Hands what is buffered now to the chain; resolves once it (and all before it) is committed. */
  const flush = (): Promise<FlushReport> => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const pending = buffer
    buffer = []
    if (pending.length === 0) return writing.then(() => ({ imported: 0, updated: 0, deleted: 0, blocked: 0, failed: 0 }))
    batchesInFlight++
    const write = batchesInFlight === 1 ? commit(pending) : writing.then(() => commit(pending))
    const done = write.finally(afterBatch)
    writing = done.catch((err) => deps.log.error('ingest batch lost', { err }))
    return done
  }

  return {
    /**
     * Buffers the item; a full buffer is handed to the writer. Returns a Promise when the writer is
     * `WRITES_AHEAD` batches behind: a producer that can wait should, before it submits more.
     */
    submit(item: IngestItem, receipt?: Receipt): Promise<void> | undefined {
      buffer.push({ item, receipt })
      if (buffer.length < deps.batchSize) {
        timer ??= setTimeout(() => void flush(), deps.flushIntervalMs)
        return undefined
      }
      void flush()
      if (batchesInFlight < WRITES_AHEAD) return undefined
      return new Promise((resolve) => waiters.push(resolve))
    },
    /**
     * Swarm counts are small single-row updates: written at once, in one transaction. A failure is
     * logged: the counts are asked for again at the next check.
     */
    async updateSwarms(updates: SwarmUpdate[]): Promise<void> {
      if (updates.length === 0) return
      try {
        await deps.writer.updateSwarms(updates, nowSeconds())
      } catch (err) {
        deps.log.warn('swarm counts not stored', { err })
      }
    },
    /** Writes whatever is buffered now and waits for every write before it; shutdown awaits it before closing the store. */
    flush,
    /** Calls `listener` after every commit from now on. */
    onCommitted(listener: CommitListener): void {
      listeners.push(listener)
    },
    get pending(): number {
      return buffer.length
    },
    get totals(): Readonly<typeof totals> {
      return totals
    },
  }
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>
