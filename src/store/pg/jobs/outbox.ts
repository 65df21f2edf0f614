import type { SQL } from 'bun'
import type { BatchRow, OutboxItem, OutboxStore, WebhookBatchStatus } from '../../../evidence'
import type { NewJob } from '../../../queue'
import { int, pgCall } from '../pools'
import type { ChangeFeed } from './changes'
import { insertPgJob } from './queue'

/** The outbound webhook's outbox. Torrent ids only grow, so batches are cut in the order torrents arrived. */
export function createPgOutboxStore(sql: SQL, changes: ChangeFeed): OutboxStore {
  return {
    startAtEnd: pgCall(async () => {
      await sql`INSERT INTO evidence_webhook_cursor (id, last_torrent_id)
        SELECT 1, coalesce(max(id), 0) FROM torrents ON CONFLICT (id) DO NOTHING`
    }),

    // The batch row, the cursor and the delivery job commit together: a batch is never cut without its job.
    cutBatch: pgCall((size: number, partial: boolean, batch: { batchId: string; nowMs: number; job: NewJob }) =>
      sql.begin(async (tx) => {
        // The cursor row is locked first: two processes cutting at once take turns and never cut the same torrents twice.
        const [cursor] = await tx`SELECT last_torrent_id FROM evidence_webhook_cursor WHERE id = 1 FOR UPDATE`
        const rows: { id: string }[] = await tx`SELECT t.id FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
          WHERE t.id > ${cursor ? int(cursor.last_torrent_id) : 0} ORDER BY t.id LIMIT ${size}`
        if (rows.length === 0 || (rows.length < size && !partial)) return false
        const firstTorrentId = int(rows[0]!.id)
        const lastTorrentId = int(rows.at(-1)!.id)
        await tx`INSERT INTO evidence_webhook_batches (batch_id, first_torrent_id, last_torrent_id, items, status, created_at)
          VALUES (${batch.batchId}, ${firstTorrentId}, ${lastTorrentId}, ${rows.length}, 'pending', ${new Date(batch.nowMs).toISOString()})`
        await tx`INSERT INTO evidence_webhook_cursor (id, last_torrent_id) VALUES (1, ${lastTorrentId})
          ON CONFLICT (id) DO UPDATE SET last_torrent_id = excluded.last_torrent_id`
        await insertPgJob(tx, changes, batch.job, batch.nowMs)
        return true
      }),
    ),

    find: pgCall(async (batchId: string): Promise<BatchRow | null> => {
      const [row] = await sql`SELECT batch_id, first_torrent_id, last_torrent_id, status, attempts
        FROM evidence_webhook_batches WHERE batch_id = ${batchId}`
      if (!row) return null
      return {
        batchId: row.batch_id,
        firstTorrentId: int(row.first_torrent_id),
        lastTorrentId: int(row.last_torrent_id),
        status: row.status as WebhookBatchStatus,
        attempts: row.attempts,
      }
    }),

    itemsOf: pgCall(async (batch: BatchRow): Promise<OutboxItem[]> => {
      const rows = await sql`SELECT t.info_hash, coalesce(c.title, t.name) AS title, c.content_type, c.categories, c.confidence,
          t.size, t.published_at
        FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
        WHERE t.id BETWEEN ${batch.firstTorrentId} AND ${batch.lastTorrentId} ORDER BY t.id`
      return rows.map(
        (row: {
          info_hash: Buffer
          title: string
          content_type: string
          categories: string
          confidence: number
          size: string
          published_at: string
        }) => ({
          infoHash: row.info_hash.toString('hex'),
          title: row.title,
          contentType: row.content_type,
          categories: JSON.parse(row.categories),
          confidence: row.confidence,
          sizeBytes: int(row.size),
          publishedAt: int(row.published_at),
        }),
      )
    }),

    noteAttempt: pgCall(async (batchId: string, error: string | null) => {
      await sql`UPDATE evidence_webhook_batches SET attempts = attempts + 1, last_error = ${error} WHERE batch_id = ${batchId}`
    }),

    finish: pgCall(async (batchId: string, status: 'delivered' | 'failed', finishedAt: string) => {
      await sql`UPDATE evidence_webhook_batches SET status = ${status}, finished_at = ${finishedAt} WHERE batch_id = ${batchId}`
    }),
  }
}
