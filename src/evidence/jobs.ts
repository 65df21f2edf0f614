import type { EvidenceConfig } from '../config'
import type { Logger } from '../log'
import type { JobHandler, QueueService } from '../queue'
import type { EvidenceReport } from './model'
import { createWebhookBatches, WEBHOOK_QUEUE } from './outbound/batches'
import { createWebhookDelivery } from './outbound/deliver'
import { createEvidenceProcessor, EVIDENCE_QUEUE } from './processor'
import { createEvidenceRetention } from './retention'
import type { EvidenceStore, OutboxStore } from './store-port'

/** A partial outbound batch waits at most this long for more releases. */
const PARTIAL_BATCH_AFTER_MS = 30_000
/** Bodies past their age are pruned this often (and at start); the budget is held after every report. */
const PRUNE_EVERY_MS = 60 * 60_000

export interface EvidenceJobsDeps {
  store: { evidence: EvidenceStore; outbox: OutboxStore }
  /** Re-runs classification for one torrent, so a new ground-truth label takes effect. */
  reclassify: (infoHash: string) => unknown
  queue: QueueService
  config: EvidenceConfig
  onGrab?: (infoHash: string) => void
  observe?: EvidenceObserver
  log: Logger
}

/** What the metrics count: reports by client, type and result; outbound batches by outcome. */
export interface EvidenceObserver {
  report(client: string, type: string, result: string): void
  batch(status: 'delivered' | 'failed'): void
}

/**
 * The evidence side of the queue: the handler that records reports and applies their effects,
 * the retention of their bodies (retention.ts), and, with SERVICE_EVIDENCE_WEBHOOK_URL set, the
 * outbound batches (cut after each ingest commit and every 30 s) with their delivery handler.
 * Resolves once the bodies past their age are pruned and the outbox's cursor is set.
 */
export async function createEvidenceJobs(deps: EvidenceJobsDeps) {
  const log = deps.log.child({ component: 'evidence' })
  const retention = createEvidenceRetention({ store: deps.store.evidence, payload: deps.config.payload, log })
  const processor = createEvidenceProcessor({
    store: deps.store.evidence,
    weights: deps.config.weights,
    reclassify: deps.reclassify,
    onGrab: deps.onGrab,
    onRecorded: (report, result) => deps.observe?.report(report.client, report.type, result),
    log,
  })
  const handlers: Record<string, JobHandler> = {
    [EVIDENCE_QUEUE]: async (payload) => {
      await processor.process(payload as EvidenceReport)
      await retention.afterRecord()
    },
  }
  const pruneOld = async () => {
    // A prune the database refuses (locked by another process) is made at the next tick.
    try {
      await retention.prune()
    } catch (err) {
      log.warn('evidence bodies not pruned, trying again later', { err })
    }
  }
  await pruneOld()
  const pruneTimer = setInterval(() => void pruneOld(), PRUNE_EVERY_MS)

  const webhook = deps.config.webhook
  let timer: ReturnType<typeof setInterval> | undefined
  let cutBatches = async (_partial: boolean) => {}
  if (webhook) {
    const batches = createWebhookBatches(deps.store.outbox, deps.queue)
    await batches.start()
    handlers[WEBHOOK_QUEUE] = createWebhookDelivery({
      batches,
      url: webhook.url,
      timeoutMs: webhook.timeoutMs,
      backoffMs: webhook.backoffMs,
      log,
      onDelivered: () => deps.observe?.batch('delivered'),
      onFailed: (batchId, error) => {
        deps.observe?.batch('failed')
        log.error('webhook batch given up after its retries', { batchId, err: error })
      },
    })
    cutBatches = async (partial) => {
      // A cut the database refuses (locked by another process) is made at the next commit or tick:
      // the cursor has not moved, so nothing is skipped.
      try {
        await batches.cutBatches(webhook.batchSize, partial)
      } catch (err) {
        log.warn('outbound batches not cut, trying again later', { err })
      }
    }
    timer = setInterval(() => void cutBatches(true), PARTIAL_BATCH_AFTER_MS)
  }

  return {
    handlers,
    /** After each ingest commit: full batches go out at once. */
    onCommitted: (): Promise<void> => cutBatches(false),
    /** On shutdown: what is waiting goes into a last (partial) batch, kept by the queue. */
    async stop(): Promise<void> {
      clearInterval(pruneTimer)
      clearInterval(timer)
      await cutBatches(true)
    },
  }
}

export type EvidenceJobs = Awaited<ReturnType<typeof createEvidenceJobs>>
