export { createIngestPipeline, type FlushReport, type IngestPipeline } from './pipeline'
export { ingestItemFromMetainfo } from './from-metainfo'
export type { BatchResult, ClassifiedItem, IngestItem, Receipt, SwarmUpdate, WriteOutcome } from './model'
