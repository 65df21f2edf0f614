export { type CommitListener, createIngestPipeline, type FlushReport, type IngestPipeline } from './pipeline'
export { ingestItemFromMetainfo } from './from-metainfo'
export type { BatchResult, ClassifiedItem, IngestItem, IngestWriter, Receipt, SwarmUpdate, WriteOutcome } from './model'
