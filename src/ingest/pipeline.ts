import type { Logger } from '../log'
import type { ClassifiedItem, IngestItem, IngestWriter, Receipt, SwarmUpdate, WriteOutcome } from './model'

export interface FlushReport {
  imported: number
  updated: number
  deleted: number
  blocked: number
  failed: number
}

export interface IngestPipelineDeps {
  writer: IngestWriter
  batchSize: number
  flushIntervalMs: number
  log: Logger
  nowSeconds?: () => number
}

/** What each commit wrote and the torrents it classified, for what runs after it (rerank, metrics, outbound batches). */
export type CommitListener = (batch: { report: FlushReport; classified: ClassifiedItem[] }) => void

interface Entry {
  item: IngestItem
  receipt: Receipt | undefined
}

/**
 * The single writer between producers (import, crawler) and the database. Items are buffered and
 * written in batched transactions, when the batch is full or `flushIntervalMs` after the first
 * buffered item, so a trickle from the crawler is still written promptly. In WAL mode readers are
 * never blocked by a batch.
 */
export function createIngestPipeline(deps: IngestPipelineDeps) {
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
  let buffer: Entry[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const totals = { imported: 0, updated: 0, deleted: 0, blocked: 0, failed: 0, batches: 0 }
  const listeners: CommitListener[] = []

  const flush = (): FlushReport => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const pending = buffer
    buffer = []
    const report: FlushReport = { imported: 0, updated: 0, deleted: 0, blocked: 0, failed: 0 }
    if (pending.length === 0) return report
    const { outcomes, classified } = writeWithIsolation(pending)
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
        listener({ report, classified })
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
  const writeWithIsolation = (pending: Entry[]): { outcomes: (WriteOutcome | Error)[]; classified: ClassifiedItem[] } => {
    const now = nowSeconds()
    try {
      return deps.writer.writeBatch(
        pending.map((entry) => entry.item),
        now,
      )
    } catch (batchError) {
      deps.log.warn('ingest batch failed, retrying items one by one', { items: pending.length, err: batchError })
      const classified: ClassifiedItem[] = []
      const outcomes = pending.map((entry) => {
        try {
          const result = deps.writer.writeBatch([entry.item], now)
          classified.push(...result.classified)
          return result.outcomes[0]!
        } catch (err) {
          return err instanceof Error ? err : new Error(String(err))
        }
      })
      return { outcomes, classified }
    }
  }

  return {
    submit(item: IngestItem, receipt?: Receipt): void {
      buffer.push({ item, receipt })
      if (buffer.length >= deps.batchSize) flush()
      else timer ??= setTimeout(flush, deps.flushIntervalMs)
    },
    /** Swarm counts are small single-row updates: written at once, in one transaction. */
    updateSwarms(updates: SwarmUpdate[]): void {
      if (updates.length) deps.writer.updateSwarms(updates, nowSeconds())
    },
    /** Writes whatever is buffered now; shutdown calls it before closing the database. */
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
