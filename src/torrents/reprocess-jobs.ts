import type { NewJob } from '../queue'
import type { Reclassifier } from './reclassify'

/** Re-classify the torrents named: GraphQL `torrent.reprocess`. */
export const REPROCESS_QUEUE = 'process_torrent'
/** Re-classify everything (or some content types) a chunk at a time: `queue.enqueueReprocessTorrentsBatch`. */
export const REPROCESS_BATCH_QUEUE = 'process_torrent_batch'

export interface ReprocessPayload {
  infoHashes: string[]
}

export interface ReprocessBatchPayload {
  /** null for every torrent. */
  contentTypes: string[] | null
  /** Torrents per job; each job enqueues the next chunk, so the service stays responsive. */
  chunkSize: number
  afterId: number
}

/** The job handlers of both queues, keyed by queue name. */
export function createReprocessHandlers(deps: { reclassifier: Reclassifier; enqueue: (job: NewJob) => unknown }) {
  return {
    [REPROCESS_QUEUE]: async (payload: unknown) => {
      const { infoHashes } = payload as ReprocessPayload
      if (!Array.isArray(infoHashes) || infoHashes.some((hash) => !/^[0-9a-f]{40}$/.test(hash)))
        throw new Error('payload.infoHashes must be 40-hex hashes')
      await deps.reclassifier.run({ infoHashes })
    },
    [REPROCESS_BATCH_QUEUE]: async (payload: unknown) => {
      const batch = payload as ReprocessBatchPayload
      if (!Number.isInteger(batch.chunkSize) || batch.chunkSize < 1 || !Number.isInteger(batch.afterId))
        throw new Error('payload.chunkSize and afterId must be whole numbers')
      const report = await deps.reclassifier.run({ contentTypes: batch.contentTypes ?? undefined }, () => {}, {
        afterId: batch.afterId,
        maxRows: batch.chunkSize,
      })
      if (report.processed === batch.chunkSize) {
        await deps.enqueue({ queue: REPROCESS_BATCH_QUEUE, payload: { ...batch, afterId: report.lastId } satisfies ReprocessBatchPayload })
      }
    },
  }
}
