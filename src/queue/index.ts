export { createQueueService, type JobHandler, type QueueService, type QueueWorker } from './service'
export { createWorkerRegistry, type WorkerRegistry } from './workers'
export { JOB_STATUSES, type Job, type JobFilter, type JobMetricsBucket, type JobOrder, type JobStatus, type NewJob } from './model'
export type { QueueStore, WorkerLease, WorkerLeaseStore } from './store-port'
