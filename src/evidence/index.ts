export { createEvidenceJobs, type EvidenceJobs } from './jobs'
export { evidenceRoutes } from './routes'
export { createEvidenceRepository, type EvidenceRepository } from './repository'
export type { EvidenceRecord } from './model'
