export { createIngestPipeline, type IngestPipeline, type FlushReport } from './pipeline'
export { createIngestRepository, type IngestRepository } from './repository'
export { ingestItemFromMetainfo } from './from-metainfo'
export type { IngestItem, Receipt, WriteOutcome } from './model'
