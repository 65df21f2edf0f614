import { randomUUID } from 'node:crypto'
import type { QueueService } from '../../queue'
import type { BatchRow } from '../model'
import type { OutboxStore } from '../store-port'

export const WEBHOOK_QUEUE = 'evidence_webhook'

/** One release as the receiver gets it (the wire format, hence snake case). */
export interface BatchItem {
  info_hash: string
  title: string
  content_type: string
  categories: number[]
  confidence: number
  size: number
  published_at: string
}

/**
 * The outbox of the outbound webhook, kept in the store so nothing is lost across a restart: a
 * cursor (the last torrent id put into a batch) and one row per batch, whose delivery job the
 * queue holds.
 */
export function createWebhookBatches(outbox: OutboxStore, queue: QueueService, nowMs: () => number = () => Date.now()) {
  return {
    /** A first start with the webhook set begins at the current end: the history is not replayed. */
    start: (): Promise<void> => outbox.startAtEnd(),
    /** Cuts every full batch waiting; with `partial`, the rest as one more. Returns how many. */
    async cutBatches(size: number, partial: boolean): Promise<number> {
      let cutCount = 0
      try {
        for (;;) {
          const batchId = randomUUID()
          const job = { queue: WEBHOOK_QUEUE, payload: { batchId }, maxRetries: 3 }
          if (!(await outbox.cutBatch(size, partial, { batchId, nowMs: nowMs(), job }))) return cutCount
          cutCount++
        }
      } finally {
        // Each job was written with its batch, not through the queue: its worker is told here.
        if (cutCount > 0) queue.wake(WEBHOOK_QUEUE)
      }
    },
    find: (batchId: string): Promise<BatchRow | null> => outbox.find(batchId),
    async itemsOf(batch: BatchRow): Promise<BatchItem[]> {
      return (await outbox.itemsOf(batch)).map((item) => ({
        info_hash: item.infoHash,
        title: item.title,
        content_type: item.contentType,
        categories: item.categories,
        confidence: item.confidence,
        size: item.sizeBytes,
        published_at: new Date(item.publishedAt * 1000).toISOString(),
      }))
    },
    noteAttempt: (batchId: string, error: string | null): Promise<void> => outbox.noteAttempt(batchId, error),
    finish: (batchId: string, status: 'delivered' | 'failed'): Promise<void> =>
      outbox.finish(batchId, status, new Date(nowMs()).toISOString()),
  }
}

export type WebhookBatches = ReturnType<typeof createWebhookBatches>
