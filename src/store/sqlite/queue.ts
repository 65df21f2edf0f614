import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Job, JobFilter, JobMetricsBucket, JobOrder, NewJob, QueueStore } from '../../queue'
import type { DatabaseHandle, Orm } from './open-database'
import { asPortMethods, neverCalled } from './port-call'
import * as schema from './schema'

const { queueJobs } = schema

/** The columns of a Job: every one but the lease. */
const { lockedUntil: _lease, ...jobColumns } = getTableColumns(queueJobs)

/** A processed job keeps a payload this small (a reprocess job's few hashes); a larger one is dropped. */
const DONE_PAYLOAD_KEPT_BYTES = 1024

const ORDER_COLUMNS = { created_at: queueJobs.createdAt, ran_at: queueJobs.ranAt, priority: queueJobs.priority }

const matching = (filter: JobFilter): SQL | undefined =>
  and(
    filter.queues?.length ? inArray(queueJobs.queue, filter.queues) : undefined,
    filter.statuses?.length ? inArray(queueJobs.status, filter.statuses) : undefined,
  )

/** Adds a job; a statement of its own, or part of a caller's transaction (an outbound batch's cut). */
export function insertJob(orm: Orm, job: NewJob, nowMs: number): Job {
  return orm
    .insert(queueJobs)
    .values({
      queue: job.queue,
      payload: JSON.stringify(job.payload),
      status: 'pending',
      priority: job.priority ?? 0,
      maxRetries: job.maxRetries ?? 2,
      runAfter: job.runAfter ?? nowMs,
      createdAt: nowMs,
    })
    .returning(jobColumns)
    .get()
}

/** The queue on SQLite; each claim, completion and failure is one statement, so each is atomic. */
export function createSqliteQueueStore(db: DatabaseHandle): QueueStore {
  const { orm } = db

  // One UPDATE ... RETURNING: two workers can never claim the same job. Prepared once: every
  // worker runs it on each poll and after each job, and building it per call took 4x as long
  // (20k claims on an empty queue: 26 µs prepared, 106 µs built each time).
  const due = orm
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(
      and(
        eq(queueJobs.queue, sql.placeholder('queue')),
        inArray(queueJobs.status, ['pending', 'retry']),
        lte(queueJobs.runAfter, sql.placeholder('nowMs')),
        or(isNull(queueJobs.lockedUntil), lt(queueJobs.lockedUntil, sql.placeholder('nowMs'))),
      ),
    )
    .orderBy(desc(queueJobs.priority), queueJobs.runAfter, queueJobs.id)
    .limit(1)
  const claim = orm
    .update(queueJobs)
    .set({ lockedUntil: sql`${sql.placeholder('lockedUntil')}`, ranAt: sql`${sql.placeholder('nowMs')}` })
    .where(eq(queueJobs.id, due))
    .returning(jobColumns)
    .prepare()

  const methods = {
    enqueue: (job: NewJob, nowMs: number): Job => insertJob(orm, job, nowMs),

    /** The next runnable job of `queue`, leased for `leaseMs`; null when none is due. */
    claim(queue: string, nowMs: number, leaseMs: number): Job | null {
      return claim.get({ queue, nowMs, lockedUntil: nowMs + leaseMs }) ?? null
    },

    /**
     * Marks a job processed and drops a payload over DONE_PAYLOAD_KEPT_BYTES (to `{}`): a done
     * job never runs again, and bulky payloads (an evidence report carries up to 64 KiB of
     * webhook body, already kept in its evidence row) would otherwise pile up for ever. The row
     * stays, and a short payload with it, so the job listing still shows what each job was.
     */
    complete(id: number): void {
      const payload = sql`CASE WHEN length(CAST(${queueJobs.payload} AS BLOB)) > ${DONE_PAYLOAD_KEPT_BYTES} THEN '{}' ELSE ${queueJobs.payload} END`
      orm.update(queueJobs).set({ status: 'processed', payload, lockedUntil: null, error: null }).where(eq(queueJobs.id, id)).run()
    },

    /** Schedules another try at `runAfter`, or marks the job failed when its retries are spent. */
    fail(job: Job, error: string, runAfter: number): void {
      const retries = sql`${queueJobs.retries} + 1`
      const next = job.retries < job.maxRetries ? { status: 'retry' as const, runAfter } : { status: 'failed' as const }
      orm
        .update(queueJobs)
        .set({ ...next, retries, error, lockedUntil: null })
        .where(eq(queueJobs.id, job.id))
        .run()
    },

    /** Leases of a previous run of the service: its workers are gone, the jobs may run again. */
    releaseLeases(): number {
      return orm.update(queueJobs).set({ lockedUntil: null }).where(isNotNull(queueJobs.lockedUntil)).returning({ id: queueJobs.id }).all()
        .length
    },

    list(filter: JobFilter, limit: number, offset: number, orderBy: JobOrder): Job[] {
      const direction = orderBy.descending ? desc : asc
      return orm
        .select(jobColumns)
        .from(queueJobs)
        .where(matching(filter))
        .orderBy(direction(ORDER_COLUMNS[orderBy.field]), direction(queueJobs.id))
        .limit(limit)
        .offset(offset)
        .all()
    },

    count(filter: JobFilter): number {
      return orm.select({ n: count() }).from(queueJobs).where(matching(filter)).get()!.n
    },

    /** Jobs per queue and status (the queue depth metric). */
    countsByQueueAndStatus(): { queue: string; status: Job['status']; count: number }[] {
      return orm
        .select({ queue: queueJobs.queue, status: queueJobs.status, count: count() })
        .from(queueJobs)
        .groupBy(queueJobs.queue, queueJobs.status)
        .all()
    },

    countsBy(column: 'queue' | 'status', filter: JobFilter): { value: string; count: number }[] {
      const value = column === 'queue' ? queueJobs.queue : queueJobs.status
      return orm.select({ value, count: count() }).from(queueJobs).where(matching(filter)).groupBy(value).orderBy(value).all()
    },

    purge(filter: JobFilter): number {
      return orm.delete(queueJobs).where(matching(filter)).returning({ id: queueJobs.id }).all().length
    },

    metrics(filter: JobFilter & { startMs?: number; endMs?: number }, bucketMs: number): JobMetricsBucket[] {
      const createdAtBucket = sql<number>`(${queueJobs.createdAt} / ${bucketMs}) * ${bucketMs}`.as('created_bucket')
      const ranAtBucket = sql<number | null>`(${queueJobs.ranAt} / ${bucketMs}) * ${bucketMs}`.as('ran_bucket')
      return (
        orm
          .select({
            queue: queueJobs.queue,
            status: queueJobs.status,
            createdAtBucket,
            ranAtBucket,
            count: count(),
            latency: sql<number | null>`avg(${queueJobs.ranAt} - ${queueJobs.createdAt})`,
          })
          .from(queueJobs)
          .where(
            and(
              matching(filter),
              filter.startMs === undefined ? undefined : gte(queueJobs.createdAt, filter.startMs),
              filter.endMs === undefined ? undefined : lt(queueJobs.createdAt, filter.endMs),
            ),
          )
          // An aliased field inside sql`` renders as its alias.
          .groupBy(queueJobs.queue, queueJobs.status, sql`${createdAtBucket}`, sql`${ranAtBucket}`)
          .orderBy(sql`${createdAtBucket}`, queueJobs.queue, queueJobs.status)
          .all()
          .map(({ latency, ...bucket }) => ({ ...bucket, latencyMs: latency === null ? null : Math.round(latency) }))
      )
    },
  }
  return { ...asPortMethods(methods), onEnqueuedElsewhere: neverCalled }
}
