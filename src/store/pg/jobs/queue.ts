import type { SQL } from 'bun'
import type { Job, JobFilter, JobMetricsBucket, JobOrder, JobStatus, NewJob, QueueStore } from '../../../queue'
import { int, intOrNull, pgCall } from '../pools'
import type { ChangeFeed } from './changes'

/** A processed job keeps a payload this small (a reprocess job's few hashes); a larger one is dropped. */
const DONE_PAYLOAD_KEPT_BYTES = 1024

/** The columns of a Job: every one but the lease. */
const JOB_COLUMNS = 'id, queue, payload, status, priority, retries, max_retries, run_after, ran_at, error, created_at'

const ORDER_COLUMNS: Record<JobOrder['field'], string> = { created_at: 'created_at', ran_at: 'ran_at', priority: 'priority' }

interface JobRow {
  id: string
  queue: string
  payload: string
  status: JobStatus
  priority: number
  retries: number
  max_retries: number
  run_after: string
  ran_at: string | null
  error: string | null
  created_at: string
}

export const toJob = (row: JobRow): Job => ({
  id: int(row.id),
  queue: row.queue,
  payload: row.payload,
  status: row.status,
  priority: row.priority,
  retries: row.retries,
  maxRetries: row.max_retries,
  runAfter: int(row.run_after),
  ranAt: intOrNull(row.ran_at),
  error: row.error,
  createdAt: int(row.created_at),
})

/** Adds a job; a statement of its own, or part of a caller's transaction (an outbound batch's cut), announced with it. */
export async function insertPgJob(tx: SQL, changes: ChangeFeed, job: NewJob, nowMs: number): Promise<Job> {
  const [row] = await tx`INSERT INTO queue_jobs (queue, payload, status, priority, max_retries, run_after, created_at)
    VALUES (${job.queue}, ${JSON.stringify(job.payload)}, 'pending', ${job.priority ?? 0}, ${job.maxRetries ?? 2}, ${job.runAfter ?? nowMs}, ${nowMs})
    RETURNING ${tx.unsafe(JOB_COLUMNS)}`
  await changes.announce(tx, 'queue', job.queue)
  return toJob(row)
}

/** The filter as SQL text over numbered parameters from `params` on. */
function matching(filter: JobFilter, params: unknown[]): string {
  const clauses: string[] = []
  if (filter.queues?.length) {
    params.push(filter.queues)
    clauses.push(`queue = ANY($${params.length}::text[])`)
  }
  if (filter.statuses?.length) {
    params.push(filter.statuses)
    clauses.push(`status = ANY($${params.length}::text[])`)
  }
  return clauses.length ? clauses.join(' AND ') : 'true'
}

/**
 * The queue on PostgreSQL. A claim is one UPDATE of the row a subquery picks FOR UPDATE SKIP
 * LOCKED: claims from several processes at once each lock a different due row, never wait on one
 * another, and never get the same job. Text is ordered with the C collation, as SQLite orders it.
 */
export function createPgQueueStore(sql: SQL, changes: ChangeFeed): QueueStore {
  return {
    enqueue: pgCall((job: NewJob, nowMs: number) => insertPgJob(sql, changes, job, nowMs)),

    claim: pgCall(async (queue: string, nowMs: number, leaseMs: number) => {
      const [row] = await sql`UPDATE queue_jobs SET locked_until = ${nowMs + leaseMs}, ran_at = ${nowMs}
        WHERE id = (
          SELECT id FROM queue_jobs
          WHERE queue = ${queue} AND status IN ('pending', 'retry') AND run_after <= ${nowMs}
            AND (locked_until IS NULL OR locked_until < ${nowMs})
          ORDER BY priority DESC, run_after, id LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING ${sql.unsafe(JOB_COLUMNS)}`
      return row ? toJob(row) : null
    }),

    complete: pgCall(async (id: number) => {
      await sql`UPDATE queue_jobs
        SET status = 'processed', locked_until = NULL, error = NULL,
          payload = CASE WHEN octet_length(payload) > ${DONE_PAYLOAD_KEPT_BYTES} THEN '{}' ELSE payload END
        WHERE id = ${id}`
    }),

    fail: pgCall(async (job: Job, error: string, runAfter: number) => {
      if (job.retries < job.maxRetries)
        await sql`UPDATE queue_jobs SET status = 'retry', run_after = ${runAfter}, retries = retries + 1, error = ${error}, locked_until = NULL
          WHERE id = ${job.id}`
      else
        await sql`UPDATE queue_jobs SET status = 'failed', retries = retries + 1, error = ${error}, locked_until = NULL WHERE id = ${job.id}`
    }),

    releaseLeases: pgCall(async () => {
      const result = await sql`UPDATE queue_jobs SET locked_until = NULL WHERE locked_until IS NOT NULL`
      return result.count
    }),

    list: pgCall(async (filter: JobFilter, limit: number, offset: number, orderBy: JobOrder) => {
      // SQLite puts nulls (a job never run) first going up and last going down.
      const direction = orderBy.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'
      const params: unknown[] = []
      const where = matching(filter, params)
      params.push(limit, offset)
      const rows = await sql.unsafe(
        `SELECT ${JOB_COLUMNS} FROM queue_jobs WHERE ${where}
         ORDER BY ${ORDER_COLUMNS[orderBy.field]} ${direction}, id ${orderBy.descending ? 'DESC' : 'ASC'}
         LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      )
      return rows.map(toJob)
    }),

    count: pgCall(async (filter: JobFilter) => {
      const params: unknown[] = []
      const [row] = await sql.unsafe(`SELECT count(*) AS n FROM queue_jobs WHERE ${matching(filter, params)}`, params)
      return int(row.n)
    }),

    countsByQueueAndStatus: pgCall(async () => {
      const rows = await sql`SELECT queue, status, count(*) AS n FROM queue_jobs GROUP BY queue, status`
      return rows.map((row: { queue: string; status: JobStatus; n: string }) => ({
        queue: row.queue,
        status: row.status,
        count: int(row.n),
      }))
    }),

    countsBy: pgCall(async (column: 'queue' | 'status', filter: JobFilter) => {
      const params: unknown[] = []
      const name = column === 'queue' ? 'queue' : 'status'
      const rows = await sql.unsafe(
        `SELECT ${name} AS value, count(*) AS n FROM queue_jobs WHERE ${matching(filter, params)}
         GROUP BY ${name} ORDER BY ${name} COLLATE "C"`,
        params,
      )
      return rows.map((row: { value: string; n: string }) => ({ value: row.value, count: int(row.n) }))
    }),

    purge: pgCall(async (filter: JobFilter) => {
      const params: unknown[] = []
      const result = await sql.unsafe(`DELETE FROM queue_jobs WHERE ${matching(filter, params)}`, params)
      return result.count
    }),

    metrics: pgCall(async (filter: JobFilter & { startMs?: number; endMs?: number }, bucketMs: number) => {
      const params: unknown[] = [bucketMs]
      const clauses = [matching(filter, params)]
      if (filter.startMs !== undefined) {
        params.push(filter.startMs)
        clauses.push(`created_at >= $${params.length}`)
      }
      if (filter.endMs !== undefined) {
        params.push(filter.endMs)
        clauses.push(`created_at < $${params.length}`)
      }
      const rows = await sql.unsafe(
        `SELECT queue, status, (created_at / $1::int8) * $1::int8 AS created_bucket, (ran_at / $1::int8) * $1::int8 AS ran_bucket,
           count(*) AS n, avg(ran_at - created_at) AS latency
         FROM queue_jobs WHERE ${clauses.join(' AND ')}
         GROUP BY queue, status, created_bucket, ran_bucket
         ORDER BY created_bucket, queue COLLATE "C", status COLLATE "C"`,
        params,
      )
      return rows.map(
        (row: {
          queue: string
          status: JobStatus
          created_bucket: string
          ran_bucket: string | null
          n: string
          latency: string | null
        }): JobMetricsBucket => ({
          queue: row.queue,
          status: row.status,
          createdAtBucket: int(row.created_bucket),
          ranAtBucket: intOrNull(row.ran_bucket),
          count: int(row.n),
          latencyMs: row.latency === null ? null : Math.round(Number(row.latency)),
        }),
      )
    }),

    onEnqueuedElsewhere: (listener) => changes.on('queue', listener),
  }
}
