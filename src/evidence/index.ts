export { createEvidenceJobs, type EvidenceJobs, type EvidenceObserver } from './jobs'
export { evidenceRoutes } from './routes'
export { createEvidenceRepository, type EvidenceRepository, type WebhookBatchStatus } from './repository'
export type { EvidenceRecord } from './model'
export {
  evidenceEffectOf,
  evidenceScorer,
  type EvidenceCounts,
  type EvidenceEffect,
  type EvidenceTally,
  type EvidenceWeights,
} from './score'
