import type { QueueService } from '../queue'
import type { CoreStore } from '../store'
import { createReprocessHandlers, createTorrentCounts, readLastCrawledAt, readOldestSwarmCheckAt, type TorrentStore } from '../torrents'

/**
 * The stored torrents' parts beside the writer openCore built: their counts, when the crawler
 * last stored one and when the longest-unchecked swarm was checked, the operator's edits and block
 * list, and the queue's re-classification handlers.
 */
export function wireWrites(deps: { store: CoreStore; torrents: TorrentStore; queue: QueueService }) {
  const { torrents, queue } = deps
  return {
    counts: createTorrentCounts(deps.store.legacy),
    lastCrawledAtSeconds: readLastCrawledAt(deps.store.legacy),
    oldestSwarmCheckAt: () => readOldestSwarmCheckAt(deps.store.legacy),
    operator: torrents.operator,
    blockList: torrents.blockList,
    reprocessHandlers: createReprocessHandlers({ reclassifier: torrents.reclassifier, enqueue: (job) => queue.enqueue(job) }),
  }
}
