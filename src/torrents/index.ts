export { createTorrentStore, type TorrentStore } from './store'
export type { Reclassifier, ReclassifyFilter } from './reclassify'
export { createTorrentCounts, UNCLASSIFIED } from './torrent-count'
export { type BlockedTorrent, OPERATOR_DELETE } from './block-list'
export type { ContentTypeCount, OperatorEditsStore, TorrentCountsStore } from './store-port'
export { parseReclassifyArgs, runReclassify, RECLASSIFY_USAGE } from './reclassify-command'
export {
  createReprocessHandlers,
  REPROCESS_BATCH_QUEUE,
  REPROCESS_QUEUE,
  type ReprocessBatchPayload,
  type ReprocessPayload,
} from './reprocess-jobs'
