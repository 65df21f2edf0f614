export { createQueueRepository, type QueueRepository } from './repository'
export { createQueueService, type JobHandler, type QueueService, type QueueWorker } from './service'
export { createWorkerRegistry, type WorkerRegistry } from './workers'
export { JOB_STATUSES, type Job, type JobFilter, type JobMetricsBucket, type JobStatus, type NewJob } from './model'
