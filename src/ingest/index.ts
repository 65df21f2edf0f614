export { createIngestPipeline, type IngestPipeline, type FlushReport } from './pipeline'
export { createIngestRepository, type IngestRepository } from './repository'
export { ingestItemFromMetainfo } from './from-metainfo'
export type { ClassifiedItem, IngestItem, Receipt, SwarmUpdate, WriteOutcome } from './model'
