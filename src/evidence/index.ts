export { createEvidenceJobs, type EvidenceJobs, type EvidenceObserver } from './jobs'
export { evidenceRoutes } from './routes'
export type {
  BatchRow,
  EvidenceRecord,
  EvidenceReport,
  EvidenceResult,
  OutboxItem,
  WebhookBatchStatus,
  WebhookBatchSummary,
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
