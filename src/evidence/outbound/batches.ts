import { randomUUID } from 'node:crypto'
import { asc, between, eq, gt, max, sql } from 'drizzle-orm'
import { type DatabaseHandle, schema, writeTransaction } from '../../db'
import { bytesToHex } from '../../metainfo'
import type { QueueService } from '../../queue'

const { evidenceWebhookBatches: batches, evidenceWebhookCursor: cursor, torrents, torrentClassifications: classifications } = schema

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

export type BatchRow = Pick<typeof batches.$inferSelect, 'batchId' | 'firstTorrentId' | 'lastTorrentId' | 'status' | 'attempts'>

/** The one cursor row (the table allows only id 1). */
const CURSOR_ID = 1

/**
 * The outbox of the outbound webhook, kept in the database so nothing is lost across a restart:
 * a cursor (the last torrent id put into a batch) and one row per batch, whose delivery job the
 * queue holds. Torrent ids only grow, so batches are cut in the order torrents arrived.
 */
export function createWebhookBatches(db: DatabaseHandle, queue: QueueService) {
  const { orm } = db
  const lastCut = () => orm.select({ lastTorrentId: cursor.lastTorrentId }).from(cursor).where(eq(cursor.id, CURSOR_ID)).get()
  const setCursor = (lastTorrentId: number) =>
    orm.insert(cursor).values({ id: CURSOR_ID, lastTorrentId }).onConflictDoUpdate({ target: cursor.id, set: { lastTorrentId } }).run()
  /** Classified torrents after `afterId`, oldest first. */
  const waiting = (afterId: number, limit: number) =>
    orm
      .select({ id: torrents.id })
      .from(torrents)
      .innerJoin(classifications, eq(classifications.torrentId, torrents.id))
      .where(gt(torrents.id, afterId))
      .orderBy(asc(torrents.id))
      .limit(limit)
      .all()

  // One connection: the cursor and the queue's enqueue join this transaction.
  const cut = writeTransaction(db.sqlite, (ids: { id: number }[]) => {
    const batchId = randomUUID()
    const lastTorrentId = ids.at(-1)!.id
    orm
      .insert(batches)
      .values({
        batchId,
        firstTorrentId: ids[0]!.id,
        lastTorrentId,
        items: ids.length,
        status: 'pending',
        createdAt: new Date().toISOString(),
      })
      .run()
    setCursor(lastTorrentId)
    queue.enqueue({ queue: WEBHOOK_QUEUE, payload: { batchId }, maxRetries: 3 })
  })

  return {
    /** A first start with the webhook set begins at the current end: the history is not replayed. */
    start(): void {
      if (!lastCut())
        setCursor(
          orm
            .select({ id: max(torrents.id) })
            .from(torrents)
            .get()?.id ?? 0,
        )
    },
    /** Cuts every full batch waiting; with `partial`, the rest as one more. Returns how many. */
    cutBatches(size: number, partial: boolean): number {
      let cutCount = 0
      for (;;) {
        const ids = waiting(lastCut()?.lastTorrentId ?? 0, size)
        if (ids.length === 0 || (ids.length < size && !partial)) return cutCount
        cut(ids)
        cutCount++
      }
    },
    find: (batchId: string): BatchRow | undefined =>
      orm
        .select({
          batchId: batches.batchId,
          firstTorrentId: batches.firstTorrentId,
          lastTorrentId: batches.lastTorrentId,
          status: batches.status,
          attempts: batches.attempts,
        })
        .from(batches)
        .where(eq(batches.batchId, batchId))
        .get(),
    itemsOf(batch: BatchRow): BatchItem[] {
      return orm
        .select({
          infoHash: torrents.infoHash,
          title: sql<string>`coalesce(${classifications.title}, ${torrents.name})`,
          contentType: classifications.contentType,
          categories: classifications.categories,
          confidence: classifications.confidence,
          size: torrents.size,
          publishedAt: torrents.publishedAt,
        })
        .from(torrents)
        .innerJoin(classifications, eq(classifications.torrentId, torrents.id))
        .where(between(torrents.id, batch.firstTorrentId, batch.lastTorrentId))
        .orderBy(asc(torrents.id))
        .all()
        .map((row) => ({
          info_hash: bytesToHex(row.infoHash),
          title: row.title,
          content_type: row.contentType,
          categories: row.categories,
          confidence: row.confidence,
          size: row.size,
          published_at: new Date(row.publishedAt * 1000).toISOString(),
        }))
    },
    noteAttempt(batchId: string, error: string | null): void {
      orm
        .update(batches)
        .set({ attempts: sql`${batches.attempts} + 1`, lastError: error })
        .where(eq(batches.batchId, batchId))
        .run()
    },
    finish(batchId: string, status: 'delivered' | 'failed'): void {
      orm.update(batches).set({ status, finishedAt: new Date().toISOString() }).where(eq(batches.batchId, batchId)).run()
    },
  }
}

export type WebhookBatches = ReturnType<typeof createWebhookBatches>
