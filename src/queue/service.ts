import type { Logger } from '../log'
import type { Job, NewJob } from './model'
import type { QueueStore } from './store-port'

/** What a queue's handler gets: the job and its parsed payload. A throw fails the try. */
export type JobHandler = (payload: unknown, job: Job) => Promise<void> | void

export interface QueueWorkerOptions {
  queue: string
  handler: JobHandler
  /** How often an idle worker looks for due jobs (retries come due without an enqueue). */
  pollIntervalMs?: number
  /** How long a claim holds; past it a job whose worker died runs again. */
  leaseMs?: number
  /** First retry delay; each further retry doubles it. */
  backoffMs?: number
}

const DEFAULTS = { pollIntervalMs: 1_000, leaseMs: 5 * 60_000, backoffMs: 10_000 }

/** Longest wait between tries, however many there were. */
const MAX_BACKOFF_MS = 60 * 60_000

/**
 * The durable queue: jobs live in the store, workers claim them one at a time with a lease, and
 * failures come back with exponential backoff until their retries are spent. Enqueueing (here, or
 * in another process sharing the store) wakes the queue's worker at once; otherwise it polls.
 */
export function createQueueService(deps: { store: QueueStore; log: Logger; nowMs?: () => number }) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const wakers = new Map<string, () => void>()
  const wake = (queue: string) => wakers.get(queue)?.()
  deps.store.onEnqueuedElsewhere(wake)

  const runWorker = (options: QueueWorkerOptions) => {
    const { pollIntervalMs, leaseMs, backoffMs } = { ...DEFAULTS, ...options }
    const log = deps.log.child({ queue: options.queue })
    let timer: ReturnType<typeof setTimeout> | undefined
    let running = false
    /** Woken while draining: the claim in flight may have missed the new job, so drain again at once. */
    let wokenWhileRunning = false
    let stopped = false
    let idle = Promise.resolve()

    const drain = async () => {
      if (running || stopped) return
      running = true
      wokenWhileRunning = false
      let finished!: () => void
      idle = new Promise((resolve) => (finished = resolve))
      try {
        for (
          let job = await deps.store.claim(options.queue, nowMs(), leaseMs);
          job && !stopped;
          job = stopped ? null : await deps.store.claim(options.queue, nowMs(), leaseMs)
        ) {
          try {
            await options.handler(JSON.parse(job.payload), job)
            await deps.store.complete(job.id)
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err)
            const delay = Math.min(backoffMs * 2 ** job.retries, MAX_BACKOFF_MS)
            await deps.store.fail(job, message, nowMs() + delay)
            log.warn('job failed', { jobId: job.id, retries: job.retries + 1, maxRetries: job.maxRetries, err })
          }
        }
      } catch (err) {
        // The database refused (another process held the write lock past busy_timeout): the
        // worker tries again at its next poll; a job it had claimed is retried when its lease ends.
        log.warn('queue poll failed, trying again', { err })
      } finally {
        running = false
        finished()
      }
      if (!stopped) timer = setTimeout(() => void drain(), wokenWhileRunning ? 0 : pollIntervalMs)
    }

    wakers.set(options.queue, () => {
      if (running) wokenWhileRunning = true
      clearTimeout(timer)
      void drain()
    })
    void drain()
    return {
      /** Stops claiming; resolves when the job in hand is done. */
      async stop(): Promise<void> {
        stopped = true
        clearTimeout(timer)
        wakers.delete(options.queue)
        await idle
      },
    }
  }

  return {
    async enqueue(job: NewJob): Promise<Job> {
      const stored = await deps.store.enqueue(job, nowMs())
      wake(job.queue)
      return stored
    },
    /** Runs the queue's worker now, for a job written to the store by another path (an outbound cut). */
    wake,
    runWorker,
  }
}

export type QueueService = ReturnType<typeof createQueueService>
export type QueueWorker = ReturnType<QueueService['runWorker']>
