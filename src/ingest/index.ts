export { createIngestPipeline, type FlushReport, type IngestPipeline } from './pipeline'
export { ingestItemFromMetainfo } from './from-metainfo'
export {
  NOT_STORED_REASONS,
  type BatchResult,
  type CarriedFacts,
  type CarriedLabel,
  type ClassifiedItem,
  type IngestItem,
  type Receipt,
  type SwarmUpdate,
  type WriteOutcome,
} from './model'
