export { createReclassifier, type Reclassifier } from './reclassify'
export { createTorrentCounts } from './torrent-count'
export { type BlockedTorrent, OPERATOR_DELETE } from './block-list'
export type {
  OperatorEditsStore,
  ReclassifyFilter,
  ReclassifyReport,
  ReclassifyStore,
  RerankStore,
  TorrentCountsStore,
  TorrentWrites,
} from './store-port'
export { parseReclassifyArgs, runReclassify, RECLASSIFY_USAGE } from './reclassify-command'
export {
  createReprocessHandlers,
  REPROCESS_BATCH_QUEUE,
  REPROCESS_QUEUE,
  type ReprocessBatchPayload,
  type ReprocessPayload,
} from './reprocess-jobs'
