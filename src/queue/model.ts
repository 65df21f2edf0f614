export const JOB_STATUSES = ['pending', 'retry', 'processed', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** A job as stored; times are Unix milliseconds. */
export interface Job {
  id: number
  queue: string
  payload: string
  status: JobStatus
  priority: number
  retries: number
  maxRetries: number
  runAfter: number
  ranAt: number | null
  error: string | null
  createdAt: number
}

export interface NewJob {
  queue: string
  payload: unknown
  priority?: number
  maxRetries?: number
  /** Run no earlier than this (Unix ms); now when absent. */
  runAfter?: number
}

export interface JobFilter {
  queues?: string[]
  statuses?: JobStatus[]
}

/** Jobs per queue and status, bucketed by creation time (and by run time once run). */
export interface JobMetricsBucket {
  queue: string
  status: JobStatus
  createdAtBucket: number
  ranAtBucket: number | null
  count: number
  /** Mean milliseconds from creation to the last run, for jobs that ran. */
  latencyMs: number | null
}
