import type { schema } from '../db'

export const JOB_STATUSES = ['pending', 'retry', 'processed', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** A job as stored, without its lease (the repository's business); times are Unix milliseconds. */
export type Job = Omit<typeof schema.queueJobs.$inferSelect, 'lockedUntil'>

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
