import type { Config } from '../config'
import { createContentResolver, createRequestPacer, createTmdbClient } from '../enrichment'
import { createEvidenceJobs } from '../evidence'
import type { LineWorkers } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import type { Metrics } from '../metrics'
import type { JobHandler, QueueService, WorkerLeaseStore, WorkerRegistry } from '../queue'
import type { StorageCap } from '../storage-cap'
import type { CoreStore } from '../store'
import type { Reclassifier } from '../torrents'
import { runQueueWorkers } from './queue-workers'
import type { Crawler } from './wire-crawler'
import { startBackups } from './wire-maintenance'
import { wireSync } from './wire-sync'

/** Longest one artwork API request may take before the enrichment counts it failed and backs off. */
const ARTWORK_TIMEOUT_MS = 10_000

export interface WorkerJobsDeps {
  config: Config
  store: CoreStore
  reclassifier: Reclassifier
  pipeline: IngestPipeline
  lineWorkers: LineWorkers | null
  queue: QueueService
  /** The torrents' re-classification handlers, beside the evidence's. */
  reprocessHandlers: Record<string, JobHandler>
  /** Built once with the storage report (which shows its evictions); started and stopped with the jobs. */
  cap: StorageCap | null
  /** Clears the full state kept for crawlers in other processes, before the cap's first check; null when the crawler is here. */
  clearStorageFull: (() => Promise<void>) | null
  crawler: Crawler
  /** The artwork key in force (the artwork_api_key setting). */
  artworkApiKey: () => string | undefined
  workers: WorkerRegistry
  metrics: Metrics
  log: Logger
}

/**
 * What the worker part of a process runs (roles `all` and `worker`), built and started afresh each
 * time this process takes the worker lease: the queue's workers (evidence reports, re-classification,
 * the outbound webhook's deliveries), the evidence's pruning and webhook batches, the artwork
 * enrichment, the storage cap's eviction, the scheduled backups and the export follower. Each
 * of them either writes where a second copy would race (a cursor, a batch cut, an eviction) or
 * would do the same work twice, hence one process at a time.
 */
export async function startWorkerJobs(deps: WorkerJobsDeps) {
  const { config, metrics, crawler, log } = deps
  const queueLog = log.child({ component: 'queue' })
  // Only the lease's holder runs jobs, so a lease still on a job is one its dead holder left.
  const released = await deps.store.queue.releaseLeases()
  if (released > 0) queueLog.info('released the leases of a previous run', { jobs: released })
  const resolver = createContentResolver({
    store: deps.store.enrichment,
    tmdb: createTmdbClient({
      baseUrl: config.dashboard.artworkApiUrl,
      pacer: createRequestPacer(config.dashboard.artworkRatePerSecond),
      timeoutMs: ARTWORK_TIMEOUT_MS,
      observe: metrics.enrichment.request,
    }),
    apiKey: deps.artworkApiKey,
    observe: metrics.enrichment.settled,
    log: log.child({ component: 'enrichment' }),
  })
  const evidence = await createEvidenceJobs({
    store: deps.store,
    reclassify: (infoHash) => deps.reclassifier.run({ infoHashes: [infoHash] }),
    queue: deps.queue,
    config: config.evidence,
    onGrab: (infoHash) => {
      crawler?.refreshSwarms([infoHash])
      resolver.prioritise(infoHash)
    },
    observe: metrics.evidence,
    log,
  })
  const queueWorkers = runQueueWorkers(deps.queue, { ...deps.reprocessHandlers, ...evidence.handlers }, deps.workers)
  const sync = wireSync({ config, cursors: deps.store.syncCursors, pipeline: deps.pipeline, lineWorkers: deps.lineWorkers, log })
  await deps.clearStorageFull?.()
  deps.cap?.start()
  const backups = startBackups(config, log)
  resolver.start()
  sync?.start()
  return {
    /** After each ingest commit of this process: full webhook batches go out, the cap checks sooner. */
    onCommitted(): void {
      void evidence.onCommitted()
      deps.cap?.afterCommit()
    },
    /**
     * Stops taking work: the pulls and the eviction end at their current batch, the last partial
     * webhook batch is cut (after the pipeline's last commit), and the queue's job in hand finishes.
     */
    async stop(): Promise<void> {
      const syncStopped = sync?.stop()
      backups?.stop()
      try {
        await syncStopped
        await deps.cap?.stop()
        await resolver.stop()
      } finally {
        try {
          await deps.pipeline.flush()
          await evidence.stop()
        } finally {
          await queueWorkers.stop()
        }
      }
    },
  }
}

export type WorkerJobs = Awaited<ReturnType<typeof startWorkerJobs>>

/**
 * The worker part, run while this process holds the worker lease (CoreStore.workerLease): on
 * SQLite at once and for good; on PostgreSQL the second worker of a deployment waits as a
 * standby and takes over when the holder stops or dies. Losing the lease (its connection closed)
 * stops the jobs at once, since another process may already run them, and waits for it again.
 * `ready` settles once the first try has either started the jobs or found another holder, so a
 * lone process starts exactly as before the roles: jobs running by the time it listens.
 */
export function superviseWorker(deps: { lease: WorkerLeaseStore; start: () => Promise<WorkerJobs>; log: Logger }) {
  const log = deps.log.child({ component: 'worker' })
  const stopping = new AbortController()
  const stopped = new Promise<null>((resolve) => stopping.signal.addEventListener('abort', () => resolve(null), { once: true }))
  let jobs: WorkerJobs | null = null
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })
  const run = async (): Promise<void> => {
    while (!stopping.signal.aborted) {
      const lease = await deps.lease
        .acquire({
          signal: stopping.signal,
          onStandby: () => {
            log.info('worker standby: another process holds the worker lease; waiting for it')
            markReady()
          },
        })
        .catch(() => null)
      // acquire rejects only once stop() aborted it.
      if (!lease) return
      let current: WorkerJobs
      try {
        current = await deps.start()
      } catch (err) {
        await lease.release()
        throw err
      }
      jobs = current
      log.info('worker lease held: running the jobs')
      markReady()
      const lost = await Promise.race([lease.lost, stopped])
      jobs = null
      try {
        if (lost !== null) log.error('worker lease lost: jobs stopped, waiting for the lease again', { err: lost })
        await current.stop()
      } finally {
        await lease.release()
      }
    }
  }
  const running = run()
  // A failure to start the first time rejects `ready` (the process does not start); later, the
  // jobs stay stopped and it is logged.
  let isReady = false
  void ready.then(() => {
    isReady = true
  })
  running.catch((err) => {
    if (isReady) log.error('worker jobs failed to start again; they stay stopped', { err })
  })
  return {
    ready: Promise.race([ready, running]),
    onCommitted(): void {
      jobs?.onCommitted()
    },
    /** Stops the jobs (if this process runs them) and gives the lease back. */
    async stop(): Promise<void> {
      stopping.abort()
      // A start that failed was logged (or refused the process its start) already.
      await running.catch(() => {})
    },
  }
}
