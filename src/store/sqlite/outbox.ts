import { asc, between, eq, gt, max, sql } from 'drizzle-orm'
import type { BatchRow, OutboxItem, OutboxStore } from '../../evidence'
import { bytesToHex } from '../../metainfo'
import type { NewJob } from '../../queue'
import { writeTransaction } from '../sqlite-file'
import type { DatabaseHandle } from './open-database'
import { asPortMethods } from './port-call'
import { insertJob } from './queue'
import * as schema from './schema'

const { evidenceWebhookBatches: batches, evidenceWebhookCursor: cursor, torrents, torrentClassifications: classifications } = schema

/** The one cursor row (the table allows only id 1). */
const CURSOR_ID = 1

/** The outbound webhook's outbox. Torrent ids only grow, so batches are cut in the order torrents arrived. */
export function createSqliteOutboxStore(db: DatabaseHandle): OutboxStore {
  const { orm } = db
  const lastCut = () => orm.select({ lastTorrentId: cursor.lastTorrentId }).from(cursor).where(eq(cursor.id, CURSOR_ID)).get()
  const setCursor = (lastTorrentId: number) =>
    orm.insert(cursor).values({ id: CURSOR_ID, lastTorrentId }).onConflictDoUpdate({ target: cursor.id, set: { lastTorrentId } }).run()

  const methods = {
    startAtEnd(): void {
      if (!lastCut())
        setCursor(
          orm
            .select({ id: max(torrents.id) })
            .from(torrents)
            .get()?.id ?? 0,
        )
    },

    // The batch row, the cursor and the delivery job commit together: a batch is never cut without its job.
    cutBatch: writeTransaction(
      db.sqlite,
      (size: number, partial: boolean, batch: { batchId: string; nowMs: number; job: NewJob }): boolean => {
        const ids = orm
          .select({ id: torrents.id })
          .from(torrents)
          .innerJoin(classifications, eq(classifications.torrentId, torrents.id))
          .where(gt(torrents.id, lastCut()?.lastTorrentId ?? 0))
          .orderBy(asc(torrents.id))
          .limit(size)
          .all()
        if (ids.length === 0 || (ids.length < size && !partial)) return false
        const lastTorrentId = ids.at(-1)!.id
        orm
          .insert(batches)
          .values({
            batchId: batch.batchId,
            firstTorrentId: ids[0]!.id,
            lastTorrentId,
            items: ids.length,
            status: 'pending',
            createdAt: new Date(batch.nowMs).toISOString(),
          })
          .run()
        setCursor(lastTorrentId)
        insertJob(orm, batch.job, batch.nowMs)
        return true
      },
    ),

    find: (batchId: string): BatchRow | null =>
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
        .get() ?? null,

    itemsOf(batch: BatchRow): OutboxItem[] {
      return orm
        .select({
          infoHash: torrents.infoHash,
          title: sql<string>`coalesce(${classifications.title}, ${torrents.name})`,
          contentType: classifications.contentType,
          categories: classifications.categories,
          confidence: classifications.confidence,
          sizeBytes: torrents.size,
          publishedAt: torrents.publishedAt,
        })
        .from(torrents)
        .innerJoin(classifications, eq(classifications.torrentId, torrents.id))
        .where(between(torrents.id, batch.firstTorrentId, batch.lastTorrentId))
        .orderBy(asc(torrents.id))
        .all()
        .map((row) => ({ ...row, infoHash: bytesToHex(row.infoHash) }))
    },

    noteAttempt(batchId: string, error: string | null): void {
      orm
        .update(batches)
        .set({ attempts: sql`${batches.attempts} + 1`, lastError: error })
        .where(eq(batches.batchId, batchId))
        .run()
    },

    finish(batchId: string, status: 'delivered' | 'failed', finishedAt: string): void {
      orm.update(batches).set({ status, finishedAt }).where(eq(batches.batchId, batchId)).run()
    },
  }
  return asPortMethods(methods)
}
