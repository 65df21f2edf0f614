export const JOB_STATUSES = ['pending', 'retry', 'processed', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** A job as stored, without its lease (the store's business); times are Unix milliseconds. */
export interface Job {
  id: number
  queue: string
  /** The payload as JSON text. */
  payload: string
  status: JobStatus
  priority: number
  retries: number
  maxRetries: number
  runAfter: number
  /** When it was last claimed; null until then. */
  ranAt: number | null
  /** The last try's error. */
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

/** The order of a job listing; ties go by id in the same direction. */
export interface JobOrder {
  field: 'created_at' | 'ran_at' | 'priority'
  descending: boolean
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
