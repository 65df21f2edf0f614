export { createEvidenceJobs, type EvidenceJobs, type EvidenceObserver } from './jobs'
export { evidenceRoutes } from './routes'
export { createEvidenceRepository, type EvidenceRepository, type WebhookBatchStatus } from './repository'
export { type EvidenceRecord, INSTANCE_NAME } from './model'
