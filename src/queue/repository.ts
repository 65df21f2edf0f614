import type { Database } from 'bun:sqlite'
import type { Job, JobFilter, JobMetricsBucket, JobStatus, NewJob } from './model'

/** The columns of a Job, named as the type names them. */
const JOB = `id, queue, payload, status, priority, retries, max_retries AS maxRetries, run_after AS runAfter,
  ran_at AS ranAt, error, created_at AS createdAt`

/** The queue's SQL; each claim, completion and failure is one statement, so each is atomic. */
export function createQueueRepository(db: Database) {
  const insert = db.prepare<Job, [string, string, number, number, number, number]>(
    `INSERT INTO queue_jobs (queue, payload, status, priority, max_retries, run_after, created_at)
     VALUES (?, ?, 'pending', ?, ?, ?, ?) RETURNING ${JOB}`,
  )
  // One UPDATE ... RETURNING: two workers can never claim the same job.
  const claim = db.prepare<Job, [number, number, string, number]>(
    `UPDATE queue_jobs SET locked_until = ?1 + ?2, ran_at = ?1
     WHERE id = (SELECT id FROM queue_jobs
                 WHERE queue = ?3 AND status IN ('pending', 'retry') AND run_after <= ?4 AND (locked_until IS NULL OR locked_until < ?4)
                 ORDER BY priority DESC, run_after, id LIMIT 1)
     RETURNING ${JOB}`,
  )
  const complete = db.prepare(`UPDATE queue_jobs SET status = 'processed', locked_until = NULL, error = NULL WHERE id = ?`)
  const retry = db.prepare(
    `UPDATE queue_jobs SET status = 'retry', retries = retries + 1, run_after = ?, error = ?, locked_until = NULL WHERE id = ?`,
  )
  const fail = db.prepare(`UPDATE queue_jobs SET status = 'failed', retries = retries + 1, error = ?, locked_until = NULL WHERE id = ?`)
  const releaseAll = db.prepare('UPDATE queue_jobs SET locked_until = NULL WHERE locked_until IS NOT NULL')

  const where = (filter: JobFilter) => {
    const clauses: string[] = []
    const params: string[] = []
    if (filter.queues?.length) {
      clauses.push(`queue IN (${filter.queues.map(() => '?').join(',')})`)
      params.push(...filter.queues)
    }
    if (filter.statuses?.length) {
      clauses.push(`status IN (${filter.statuses.map(() => '?').join(',')})`)
      params.push(...filter.statuses)
    }
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
  }

  return {
    enqueue(job: NewJob, nowMs: number): Job {
      return insert.get(job.queue, JSON.stringify(job.payload), job.priority ?? 0, job.maxRetries ?? 2, job.runAfter ?? nowMs, nowMs)!
    },

    /** The next runnable job of `queue`, leased for `leaseMs`; null when none is due. */
    claim(queue: string, nowMs: number, leaseMs: number): Job | null {
      return claim.get(nowMs, leaseMs, queue, nowMs)
    },

    complete(id: number): void {
      complete.run(id)
    },

    /** Schedules another try at `runAfter`, or marks the job failed when its retries are spent. */
    fail(job: Job, error: string, runAfter: number): void {
      if (job.retries < job.maxRetries) retry.run(runAfter, error, job.id)
      else fail.run(error, job.id)
    },

    /** Leases of a previous run of the service: its workers are gone, the jobs may run again. */
    releaseLeases(): number {
      return releaseAll.run().changes
    },

    list(
      filter: JobFilter,
      limit: number,
      offset: number,
      orderBy: { field: 'created_at' | 'ran_at' | 'priority'; descending: boolean },
    ): Job[] {
      const { sql, params } = where(filter)
      const direction = orderBy.descending ? 'DESC' : 'ASC'
      return db
        .query<Job, (string | number)[]>(
          `SELECT ${JOB} FROM queue_jobs ${sql} ORDER BY ${orderBy.field} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
        )
        .all(...params, limit, offset)
    },

    count(filter: JobFilter): number {
      const { sql, params } = where(filter)
      return db.query<{ n: number }, string[]>(`SELECT count(*) AS n FROM queue_jobs ${sql}`).get(...params)!.n
    },

    /** Jobs per queue and status (the queue depth metric). */
    countsByQueueAndStatus(): { queue: string; status: JobStatus; count: number }[] {
      return db
        .query<{ queue: string; status: JobStatus; count: number }, []>(
          'SELECT queue, status, count(*) AS count FROM queue_jobs GROUP BY 1, 2',
        )
        .all()
    },

    countsBy(column: 'queue' | 'status', filter: JobFilter): { value: string; count: number }[] {
      const { sql, params } = where(filter)
      return db
        .query<{ value: string; count: number }, string[]>(
          `SELECT ${column} AS value, count(*) AS count FROM queue_jobs ${sql} GROUP BY 1 ORDER BY 1`,
        )
        .all(...params)
    },

    purge(filter: JobFilter): number {
      const { sql, params } = where(filter)
      return db.query(`DELETE FROM queue_jobs ${sql}`).run(...params).changes
    },

    metrics(filter: JobFilter & { startMs?: number; endMs?: number }, bucketMs: number): JobMetricsBucket[] {
      const { sql, params } = where(filter)
      const range: string[] = []
      const rangeParams: number[] = []
      if (filter.startMs !== undefined) {
        range.push('created_at >= ?')
        rangeParams.push(filter.startMs)
      }
      if (filter.endMs !== undefined) {
        range.push('created_at < ?')
        rangeParams.push(filter.endMs)
      }
      const whereSql = [sql.replace(/^WHERE /, ''), ...range].filter(Boolean).join(' AND ')
      return db
        .query<
          { queue: string; status: JobStatus; created_bucket: number; ran_bucket: number | null; count: number; latency: number | null },
          (string | number)[]
        >(
          `SELECT queue, status, (created_at / ?1) * ?1 AS created_bucket, (ran_at / ?1) * ?1 AS ran_bucket, count(*) AS count,
                  avg(ran_at - created_at) AS latency
           FROM queue_jobs ${whereSql ? `WHERE ${whereSql}` : ''} GROUP BY 1, 2, 3, 4 ORDER BY 3, 1, 2`,
        )
        .all(bucketMs, ...params, ...rangeParams)
        .map((row) => ({
          queue: row.queue,
          status: row.status,
          createdAtBucket: row.created_bucket,
          ranAtBucket: row.ran_bucket,
          count: row.count,
          latencyMs: row.latency === null ? null : Math.round(row.latency),
        }))
    },
  }
}

export type QueueRepository = ReturnType<typeof createQueueRepository>
