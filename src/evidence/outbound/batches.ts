import type { Database } from 'bun:sqlite'
import { randomUUID } from 'node:crypto'
import { bytesToHex } from '../../metainfo'
import type { QueueService } from '../../queue'

export const WEBHOOK_QUEUE = 'evidence_webhook'

export interface BatchItem {
  info_hash: string
  title: string
  content_type: string
  categories: number[]
  confidence: number
  size: number
  published_at: string
}

export interface BatchRow {
  batch_id: string
  first_torrent_id: number
  last_torrent_id: number
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
}

/**
 * The outbox of the outbound webhook, kept in the database so nothing is lost across a restart:
 * a cursor (the last torrent id put into a batch) and one row per batch, whose delivery job the
 * queue holds. Torrent ids only grow, so batches are cut in the order torrents arrived.
 */
export function createWebhookBatches(db: Database, queue: QueueService) {
  const cursor = db.prepare<{ last_torrent_id: number }, []>('SELECT last_torrent_id FROM evidence_webhook_cursor WHERE id = 1')
  const setCursor = db.prepare(
    'INSERT INTO evidence_webhook_cursor (id, last_torrent_id) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_torrent_id = excluded.last_torrent_id',
  )
  const maxId = db.prepare<{ id: number }, []>('SELECT coalesce(max(id), 0) AS id FROM torrents')
  const pending = db.prepare<{ id: number }, [number, number]>(
    'SELECT t.id FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.id > ? ORDER BY t.id LIMIT ?',
  )
  const insertBatch = db.prepare(
    `INSERT INTO evidence_webhook_batches (batch_id, first_torrent_id, last_torrent_id, items, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
  )
  const findBatch = db.prepare<BatchRow, [string]>(
    'SELECT batch_id, first_torrent_id, last_torrent_id, status, attempts FROM evidence_webhook_batches WHERE batch_id = ?',
  )
  const noteAttempt = db.prepare('UPDATE evidence_webhook_batches SET attempts = attempts + 1, last_error = ? WHERE batch_id = ?')
  const finish = db.prepare('UPDATE evidence_webhook_batches SET status = ?, finished_at = ? WHERE batch_id = ?')
  const items = db.prepare<
    {
      info_hash: Uint8Array
      title: string
      content_type: string
      categories: string
      confidence: number
      size: number
      published_at: number
    },
    [number, number]
  >(
    `SELECT t.info_hash, coalesce(c.title, t.name) AS title, c.content_type, c.categories, c.confidence, t.size, t.published_at
     FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.id BETWEEN ? AND ? ORDER BY t.id`,
  )

  const cut = db.transaction((ids: { id: number }[]) => {
    const batchId = randomUUID()
    insertBatch.run(batchId, ids[0]!.id, ids.at(-1)!.id, ids.length, new Date().toISOString())
    setCursor.run(ids.at(-1)!.id)
    queue.enqueue({ queue: WEBHOOK_QUEUE, payload: { batchId }, maxRetries: 3 })
  })

  return {
    /** A first start with the webhook set begins at the current end: the history is not replayed. */
    start(): void {
      if (!cursor.get()) setCursor.run(maxId.get()!.id)
    },
    /** Cuts every full batch waiting; with `partial`, the rest as one more. Returns how many. */
    cutBatches(size: number, partial: boolean): number {
      let cutCount = 0
      for (;;) {
        const ids = pending.all(cursor.get()?.last_torrent_id ?? 0, size)
        if (ids.length === 0 || (ids.length < size && !partial)) return cutCount
        cut(ids)
        cutCount++
      }
    },
    find: (batchId: string) => findBatch.get(batchId),
    itemsOf(batch: BatchRow): BatchItem[] {
      return items.all(batch.first_torrent_id, batch.last_torrent_id).map((row) => ({
        info_hash: bytesToHex(row.info_hash),
        title: row.title,
        content_type: row.content_type,
        categories: JSON.parse(row.categories) as number[],
        confidence: row.confidence,
        size: row.size,
        published_at: new Date(row.published_at * 1000).toISOString(),
      }))
    },
    noteAttempt: (batchId: string, error: string | null) => noteAttempt.run(error, batchId),
    finish: (batchId: string, status: 'delivered' | 'failed') => finish.run(status, new Date().toISOString(), batchId),
  }
}

export type WebhookBatches = ReturnType<typeof createWebhookBatches>
