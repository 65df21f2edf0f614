export { createEvidenceJobs, type EvidenceJobs, type EvidenceObserver } from './jobs'
export { evidenceRoutes } from './routes'
export {
  createEvidenceRepository,
  type EvidenceRepository,
  type WebhookBatchStatus,
  type WebhookBatchSummary,
} from './repository'
export type { EvidenceRecord } from './model'
