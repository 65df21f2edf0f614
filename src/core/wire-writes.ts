import type { QueueService } from '../queue'
import type { CoreStore } from '../store'
import { createReprocessHandlers, createTorrentCounts, type Reclassifier } from '../torrents'

/**
 * The stored torrents' parts beside the writer openCore built: their counts, when the crawler
 * last stored one (read once, then kept by the stats) and when the longest-unchecked swarm was
 * checked, the operator's edits and block list, and the queue's re-classification handlers.
 */
export async function wireWrites(deps: { store: CoreStore; reclassifier: Reclassifier; queue: QueueService }) {
  const { store, reclassifier, queue } = deps
  return {
    counts: createTorrentCounts(store.counts),
    lastCrawledAtSeconds: await store.counts.lastCrawledAt(),
    oldestSwarmCheckAt: () => store.counts.oldestSwarmCheckAt(),
    operator: store.operatorEdits,
    reprocessHandlers: createReprocessHandlers({ reclassifier, enqueue: (job) => queue.enqueue(job) }),
  }
}
