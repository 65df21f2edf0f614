import type { Job, JobFilter, JobMetricsBucket, JobOrder, JobStatus, NewJob } from './model'

/** What the durable queue needs of storage. Each method is one statement or one transaction. */
export interface QueueStore {
  enqueue(job: NewJob, nowMs: number): Promise<Job>
  /**
   * Atomically leases the next due job of `queue` (highest priority, then earliest run-after,
   * then id) until `nowMs + leaseMs`; null when none is due. Two claims never get the same job.
   */
  claim(queue: string, nowMs: number, leaseMs: number): Promise<Job | null>
  /** Marks a job processed, dropping a bulky payload (the row stays, for the listing). */
  complete(id: number): Promise<void>
  /** Schedules another try at `runAfter`, or marks the job failed when its retries are spent. */
  fail(job: Job, error: string, runAfter: number): Promise<void>
  /** At start: leases of a previous run are released (its workers are gone); returns how many. */
  releaseLeases(): Promise<number>
  list(filter: JobFilter, limit: number, offset: number, orderBy: JobOrder): Promise<Job[]>
  count(filter: JobFilter): Promise<number>
  /** Jobs per queue and status (the queue depth metric). */
  countsByQueueAndStatus(): Promise<{ queue: string; status: JobStatus; count: number }[]>
  countsBy(column: 'queue' | 'status', filter: JobFilter): Promise<{ value: string; count: number }[]>
  /** Deletes the jobs matching; returns how many. */
  purge(filter: JobFilter): Promise<number>
  metrics(filter: JobFilter & { startMs?: number; endMs?: number }, bucketMs: number): Promise<JobMetricsBucket[]>
  /** Told the queue's name when another process enqueued a job; a store one process writes never calls it. */
  onEnqueuedElsewhere(listener: (queue: string) => void): () => void
}

/**
 * The worker role's singleton (issue 36): of the processes sharing one index, one at a time runs
 * the queue's jobs, the enrichment, the eviction and the outbound webhook; the others wait as
 * standbys. A store one process owns grants it at once.
 */
export interface WorkerLeaseStore {
  /**
   * Resolves once this process holds the lease. While another process holds it, waits as a
   * standby, trying again every few seconds; `onStandby` is told once, when the first try finds
   * it held. Rejects (an AbortError) when `signal` aborts first.
   */
  acquire(options: { signal: AbortSignal; onStandby?: () => void }): Promise<WorkerLease>
}

export interface WorkerLease {
  /**
   * Settles with why once the lease was lost without release() (its connection to the server
   * closed): another process may take it at once, so the holder stops its jobs without waiting.
   * Never settles after release().
   */
  readonly lost: Promise<Error>
  release(): Promise<void>
}
