export { createTorrentStore, type TorrentStore } from './store'
export type { Reclassifier, ReclassifyFilter } from './reclassify'
export { createTorrentCounts } from './torrent-count'
export { readLastCrawledAt } from './last-crawled'
export { readOldestSwarmCheckAt } from './oldest-swarm-check'
export type { BlockList, BlockedTorrent } from './block-list'
export type { OperatorEdits } from './operator-edits'
export { parseReclassifyArgs, runReclassify, RECLASSIFY_USAGE } from './reclassify-command'
export {
  createReprocessHandlers,
  REPROCESS_BATCH_QUEUE,
  REPROCESS_QUEUE,
  type ReprocessBatchPayload,
  type ReprocessPayload,
} from './reprocess-jobs'
