export { createEvidenceJobs, type EvidenceJobs, type EvidenceObserver } from './jobs'
export { evidenceRoutes } from './routes'
export {
  type BatchRow,
  type EvidenceRecord,
  type EvidenceReport,
  type EvidenceResult,
  INSTANCE_NAME,
  type OutboxItem,
  type WebhookBatchStatus,
  type WebhookBatchSummary,
} from './model'
export {
  evidenceEffectOf,
  evidenceScorer,
  type EvidenceCounts,
  type EvidenceEffect,
  type EvidenceTally,
  type EvidenceWeights,
} from './score'
export type { EvidenceStore, OutboxStore } from './store-port'
