import { startBackupSchedule, storeFiles } from '../backup'
import type { Config } from '../config'
import { type CrawlObserver, createCrawlerControlRepository, createCrawlerHost } from '../dht'
import { createContentResolver, createEnrichmentRepository, createRequestPacer, createTmdbClient } from '../enrichment'
import { createEvidenceJobs, createEvidenceRepository } from '../evidence'
import { createFetchRequestRepository, createFetchService } from '../fetch-requests'
import { createTorrentRepository } from '../graphql'
import { createHealthCheck, createStatusReporter } from '../health'
import type { IngestPipeline } from '../ingest'
import type { DatabaseHandle } from '../db'
import type { Logger, LogThreshold } from '../log'
import { createMetrics } from '../metrics'
import { createQueueRepository, createQueueService, createWorkerRegistry, type WorkerRegistry } from '../queue'
import { createRateLimiter, startTorznabWorkerPool } from '../torznab'
import { createRuntimeSettings, createSettingsRepository } from '../settings'
import { createIndexStats } from '../stats'
import { migrateToIncrementalVacuum, openStorage } from '../storage'
import { createReprocessHandlers, createTorrentCounts, readLastCrawledAt } from '../torrents'
import { VERSION } from '../version'
import { createCoreApp, stopCoreApp } from './app'
import { startIdleTrim } from './idle-trim'
import { openCore, openLineWorkers } from './open-core'
import { runQueueWorkers } from './queue-workers'
import { timedSearch } from './timed-search'

/**
 * How long stop() lets HTTP requests in flight finish once uploads were told to end; whatever is
 * still open then is closed, leaving the rest of Docker's 10 s stop timeout to the commit, the
 * queue's job in hand and closing the database.
 */
const HTTP_STOP_GRACE_MS = 3000

/** Longest one artwork API request may take before the enrichment counts it failed and backs off. */
const ARTWORK_TIMEOUT_MS = 10_000

export interface RunningCore {
  /** The port the core listens on (the configured one, or the one the OS chose for port 0). */
  port: number
  /** Stops taking work, commits what is buffered, lets the job in hand finish, closes the database. */
  stop(): Promise<void>
}

/**
 * The core's composition root: builds every part in one pass, each from the parts above it, and
 * starts the ones that run (queue workers, Torznab threads, HTTP, then the crawler). Throws
 * MigrationError or RuleFileError before anything listens. `logThreshold` is the level `log`
 * and its children write at: the log_level setting moves it. `dashboardPort`: the caller starts
 * the dashboard beside it (`bun run start`) on the port this returns once it listens, and `GET /`
 * sends a browser there.
 */
export async function startCore(
  config: Config,
  log: Logger,
  logThreshold: LogThreshold,
  options: { dashboardPort?: () => number | undefined } = {},
): Promise<RunningCore> {
  const startedAtMs = Date.now()
  const storageLog = log.child({ component: 'storage' })
  // The cap gives freed pages back only in incremental auto-vacuum mode, set once before the database opens.
  if (config.storage.limitBytes !== null) migrateToIncrementalVacuum(config.db.corePath, storageLog)
  const { db, torrents, pipeline, wants } = openCore(config, log)
  const workers = createWorkerRegistry()
  workers.set('ingest', true)
  workers.set('classifier', true)

  const queueLog = log.child({ component: 'queue' })
  const jobs = createQueueRepository(db)
  const released = jobs.releaseLeases()
  if (released > 0) queueLog.info('released the leases of a previous run', { jobs: released })
  const queue = createQueueService({ repository: jobs, log: queueLog })

  const counts = createTorrentCounts(db)
  const storage = openStorage({
    db,
    databasePath: config.db.corePath,
    dashboardPath: config.db.dashboardPath,
    limitBytes: config.storage.limitBytes,
    eviction: torrents.eviction,
    isWanted: wants.isWanted,
    log: storageLog,
  })
  const enrichment = createEnrichmentRepository(db.sqlite)
  const metrics = createMetrics({
    torrentCount: counts.total,
    queueCounts: () => jobs.countsByQueueAndStatus(),
    storage: storage.report,
    enrichmentCounts: enrichment.counts,
  })
  const crawler = config.dht.enabled ? createCrawler(config, db, pipeline, metrics, workers, log) : null
  const fetches = createFetchService({
    repository: createFetchRequestRepository(db),
    crawler,
    timeoutMs: config.dht.fetchTimeoutMs,
    log: log.child({ component: 'fetch' }),
  })
  crawler?.setFetchListener(fetches)
  pipeline.onCommitted(({ classified }) => fetches.onStored(classified.map((entry) => entry.item.infoHash)))
  storage.cap?.onFullChange((full) => crawler?.setStorageFull(full?.message ?? null))
  const health = createHealthCheck({ db, workers, crawler: crawler ? crawler.status : undefined })
  const status = createStatusReporter({ torrentCount: counts.total, health, version: VERSION, startedAtMs, storage: storage.report })
  const settings = createRuntimeSettings({
    repository: createSettingsRepository(db),
    defaults: { torznabApiKey: config.torznab.apiKey, logLevel: config.log.level, artworkApiKey: config.dashboard.artworkApiKey },
    onLogLevel: (level) => {
      logThreshold.level = level
      crawler?.setLogLevel(level)
    },
    log: log.child({ component: 'settings' }),
  })
  const resolver = createContentResolver({
    repository: enrichment,
    tmdb: createTmdbClient({
      baseUrl: config.dashboard.artworkApiUrl,
      pacer: createRequestPacer(config.dashboard.artworkRatePerSecond),
      timeoutMs: ARTWORK_TIMEOUT_MS,
      observe: metrics.enrichment.request,
    }),
    apiKey: settings.artworkApiKey,
    observe: metrics.enrichment.settled,
    log: log.child({ component: 'enrichment' }),
  })
  const evidenceRepository = createEvidenceRepository(db)
  const stats = createIndexStats({
    countsByContentType: counts.byContentType,
    countEvidence: evidenceRepository.countAll,
    crawler: crawler ? crawler.status : null,
    startedAtMs,
    lastCrawledAtSeconds: readLastCrawledAt(db),
    storage: storage.report,
  })

  const evidence = createEvidenceJobs({
    db,
    torrents,
    queue,
    config: config.evidence,
    onGrab: (infoHash) => {
      crawler?.refreshSwarms([infoHash])
      resolver.prioritise(infoHash)
    },
    observe: metrics.evidence,
    log,
  })
  pipeline.onCommitted((commit) => {
    metrics.countIngest(commit.report)
    metrics.countClassified(commit.classified.map((item) => item.classification.contentType))
    stats.observeCommit(commit)
    evidence.onCommitted()
    storage.cap?.afterCommit()
  })
  const queueWorkers = runQueueWorkers(
    queue,
    { ...createReprocessHandlers({ reclassifier: torrents.reclassifier, enqueue: (job) => queue.enqueue(job) }), ...evidence.handlers },
    workers,
  )

  const idleTrim = startIdleTrim()
  const torznab = await startTorznabWorkerPool({
    size: config.search.workers,
    databasePath: config.db.corePath,
    cacheSizeMb: config.search.cacheSizeMb,
    weights: config.search.weights,
    timeoutMs: config.search.timeoutMs,
    version: VERSION,
    baseUrl: config.torznab.baseUrl,
    log: log.child({ component: 'torznab' }),
    onSearch: (report) => {
      metrics.observeSearch(report.kind, report.seconds)
      crawler?.refreshSwarms(report.infoHashes)
    },
    onActivity: idleTrim.touch,
  })
  workers.set('torznab', true)

  const shutdown = new AbortController()
  const lineWorkers = openLineWorkers(config, log)
  // reusePort false: Elysia asks Bun for SO_REUSEPORT, with which a second instance on the same
  // port would silently take half of this one's requests. Refused, it fails to start and says so.
  const app = createCoreApp({
    apiKey: settings.torznabApiKey,
    pipeline,
    lineWorkers,
    health,
    status,
    metrics,
    torznab,
    rateLimiter: createRateLimiter({ perMinute: config.torznab.rateLimitPerMinute }),
    queue,
    shutdown: shutdown.signal,
    dashboard: {
      publicUrl: config.dashboard.publicOrigin ? `${config.dashboard.publicOrigin}/` : null,
      port: () => options.dashboardPort?.() ?? config.http.dashboardPort,
      isInProcess: options.dashboardPort !== undefined,
    },
    graphql: {
      search: timedSearch(torznab, metrics),
      torrents: createTorrentRepository(db),
      operator: torrents.operator,
      blockList: torrents.blockList,
      queue,
      jobs,
      workers,
      health,
      evidence: evidenceRepository,
      version: VERSION,
      stats,
      wants,
      settings,
      crawlerControl: crawler,
      fetches,
    },
    log,
  }).listen({ hostname: config.http.host, port: config.http.corePort, reusePort: false })
  const port = app.server!.port!
  log.info('core listening', { host: config.http.host, port, database: config.db.corePath })
  crawler?.start()
  fetches.resume()
  storage.cap?.start()
  const backups = config.backup.dir
    ? startBackupSchedule({
        dir: config.backup.dir,
        intervalMs: config.backup.intervalMs,
        keep: config.backup.keep,
        // The dashboard's store too, when its file is on this host (the default, even when the
        // dashboard runs as its own process): read-only, so it is safe beside the dashboard.
        stores: storeFiles(config),
        log: log.child({ component: 'backup' }),
      })
    : null
  resolver.start()

  return {
    port,
    async stop() {
      // Uploads still streaming end at their last complete line and are answered with what was
      // committed, so the graceful HTTP stop does not wait on a client that is slow or stalls.
      shutdown.abort()
      backups?.stop()
      idleTrim.stop()
      try {
        const http = await stopCoreApp(app, HTTP_STOP_GRACE_MS)
        if (http === 'cut') log.warn('closed HTTP requests still in flight at shutdown', { graceMs: HTTP_STOP_GRACE_MS })
        fetches.stop()
        await crawler?.stop()
        await storage.cap?.stop()
        await resolver.stop()
        torznab.stop()
      } finally {
        // Whatever failed above, nothing produces torrents any more: commit the last batch before
        // waiting on the queue, whose job in hand (a webhook delivery with retries) may outlast a
        // container's stop timeout, and close the database last.
        try {
          const lastBatch = pipeline.flush()
          // The imports answered above have drained their chunks; no line is left at a worker.
          lineWorkers?.stop()
          evidence.stop()
          log.info('last batch committed', { lastBatch })
        } finally {
          await queueWorkers.stop()
          db.close()
          log.info('core stopped')
        }
      }
    },
  }
}

/** The crawler host, built (not started) with the settings its worker thread needs. */
function createCrawler(
  config: Config,
  db: DatabaseHandle,
  pipeline: IngestPipeline,
  observer: CrawlObserver,
  workers: WorkerRegistry,
  log: Logger,
) {
  const { enabled: _, ...dht } = config.dht
  return createCrawlerHost({
    settings: { ...dht, databasePath: config.db.corePath, clientName: `dht-indexer ${VERSION}`, logLevel: config.log.level },
    pipeline,
    metrics: observer,
    workers,
    control: createCrawlerControlRepository(db),
    log: log.child({ component: 'dht' }),
  })
}
