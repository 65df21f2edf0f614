import { type Config, hideUrlSecrets } from '../config'
import { createStatusReporter } from '../health'
import type { Logger, LogThreshold } from '../log'
import { createMetrics } from '../metrics'
import { createWorkerRegistry } from '../queue'
import { createRateLimiter } from '../http'
import { createIndexStats } from '../stats'
import { VERSION } from '../version'
import { createCoreApp, createProbeApp, stopCoreApp } from './app'
import { openCore, openLineWorkers } from './open-core'
import { roleParts } from './roles'
import { followCrawlers, followStorageFull, reportCrawler, tellStorageFull, wireCrawler } from './wire-crawler'
import { wireJobs, wireJobStores } from './wire-jobs'
import { prepareStorageCap, wireStorage } from './wire-maintenance'
import { startSearch } from './wire-search'
import { wireWrites } from './wire-writes'
import { startWorkerJobs, superviseWorker } from './worker-role'

/**
 * How long stop() lets HTTP requests in flight finish once uploads were told to end; whatever is
 * still open then is closed, leaving the rest of Docker's 10 s stop timeout to the commit, the
 * queue's job in hand and closing the database.
 */
const HTTP_STOP_GRACE_MS = 3000

export interface RunningCore {
  /** The port the core listens on (the configured one, or the one the OS chose for port 0). */
  port: number
  /**
   * The core admin key in force (CORE_ADMIN_KEY, or the one kept in the database), for the
   * dashboard of this process to send with its own GraphQL operations. Never logged.
   */
  adminKey: string
  /** Stops taking work, commits what is buffered, lets the job in hand finish, closes the database. */
  stop(): Promise<void>
}

/**
 * The core's composition root: builds every part in one pass, each from the parts above it, and
 * starts the ones that run. SERVICE_ROLE chooses them (roles.ts): `all` runs everything (queue
 * workers, Torznab threads, HTTP, then the crawler), `api` the HTTP clients' routes and search,
 * `crawler` the crawl, `worker` the jobs under the worker lease; a part a role does not run is not
 * built at all (no thread, no timer). Each group of capabilities is wired in its own file
 * (wire-*.ts, worker-role.ts). Rejects with MigrationError or RuleFileError before anything
 * listens. `logThreshold` is the level `log` and its children write at: the log_level setting
 * moves it. `dashboardPort`: the caller starts the dashboard beside it (`bun run start`) on the
 * port this returns once it listens, and `GET /` sends a browser there.
 */
export async function startCore(
  config: Config,
  log: Logger,
  logThreshold: LogThreshold,
  options: { dashboardPort?: () => number | undefined } = {},
): Promise<RunningCore> {
  const startedAtMs = Date.now()
  const parts = roleParts(config.role)
  await prepareStorageCap(config, log)
  const { store, classifier, reclassifier, pipeline, wants } = await openCore(config, log)
  const workers = createWorkerRegistry()
  workers.set('ingest', true)
  workers.set('classifier', true)

  const { adminKey, jobs, queue, enrichment } = await wireJobStores({ config, store, log })
  const writes = await wireWrites({ store, reclassifier, queue })
  const storage = await wireStorage({ config, store, wants, log })
  const metrics = createMetrics({
    torrentCount: writes.counts.total,
    queueCounts: () => jobs.countsByQueueAndStatus(),
    storage: storage.report,
    enrichmentCounts: enrichment.counts,
    oldestSwarmCheckAt: writes.oldestSwarmCheckAt,
  })
  const crawler = parts.crawler ? await wireCrawler({ config, store, pipeline, observer: metrics, workers, log }) : null
  // An `api` process on a shared index steers and shows the crawlers of the `crawler` processes.
  const elsewhere = !parts.crawler && parts.api && config.store.postgres && config.dht.enabled ? await followCrawlers(store, log) : null
  const { fetches, health, settings, torrentDetails } = await wireJobs({
    config,
    store,
    pipeline,
    crawler,
    crawlsElsewhere: elsewhere !== null,
    workers,
    onLogLevel: (level) => {
      logThreshold.level = level
      crawler?.setLogLevel(level)
    },
    log,
  })
  // The cap pauses this process's crawler; a worker of its own tells the crawler processes through the index.
  const capTellsOthers = parts.worker && !parts.crawler
  storage.cap?.onFullChange((full) =>
    capTellsOthers ? tellStorageFull(store, full?.message ?? null, log) : crawler?.setStorageFull(full?.message ?? null),
  )
  const storageFull = crawler && !parts.worker ? await followStorageFull(store, crawler, log) : null
  const status = createStatusReporter({ torrentCount: writes.counts.total, health, version: VERSION, startedAtMs, storage: storage.report })
  const stats = createIndexStats({
    countsByContentType: writes.counts.byContentType,
    countEvidence: store.evidence.countAll,
    crawler: crawler ? crawler.status : elsewhere ? elsewhere.status : null,
    startedAtMs,
    lastCrawledAtSeconds: writes.lastCrawledAtSeconds,
    storage: storage.report,
  })

  const lineWorkers = openLineWorkers(config, log)
  const worker = parts.worker
    ? superviseWorker({
        lease: store.workerLease,
        start: () =>
          startWorkerJobs({
            config,
            store,
            reclassifier,
            pipeline,
            lineWorkers,
            queue,
            reprocessHandlers: writes.reprocessHandlers,
            cap: storage.cap,
            // A new holder of the lease judges the cap afresh: a full state its predecessor left is cleared until the first check.
            clearStorageFull: capTellsOthers ? () => tellStorageFull(store, null, log) : null,
            crawler,
            artworkApiKey: settings.artworkApiKey,
            workers,
            metrics,
            log,
          }),
        log,
      })
    : null
  pipeline.onCommitted((commit) => {
    metrics.countIngest(commit.report)
    metrics.countClassified(commit.classified.map((item) => item.classification.contentType))
    stats.observeCommit(commit)
    worker?.onCommitted()
  })
  // A lone process runs its jobs before it listens, as before the roles; a standby goes on.
  await worker?.ready

  const search = parts.api ? await startSearch({ config, store, metrics, crawler, log }) : null
  if (search) workers.set('torznab', true)

  const shutdown = new AbortController()
  const publicOrigin = config.torznab.baseUrl ? new URL(config.torznab.baseUrl).origin : null
  // reusePort false: Elysia asks Bun for SO_REUSEPORT, with which a second instance on the same
  // port would silently take half of this one's requests. Refused, it fails to start and says so.
  // maxRequestBodySize: Bun's default (128 MiB) answers a larger /import with a bare 413, while
  // the import streams any size in bounded memory; each route that reads a body whole caps it
  // itself (the evidence intake at 1 MiB, GraphQL at SERVICE_GRAPHQL_MAX_BODY).
  const listenOptions = {
    hostname: config.http.host,
    port: config.http.corePort,
    reusePort: false,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  }
  const app = search
    ? createCoreApp({
        apiKey: settings.torznabApiKey,
        pipeline,
        lineWorkers,
        limits: config.ingest.limits,
        health,
        status,
        metrics,
        torznab: search.torznab,
        rateLimiter: createRateLimiter({ perMinute: config.torznab.rateLimitPerMinute }),
        intake: { publicOrigin, rateLimiter: createRateLimiter({ perMinute: config.core.intakeRatePerMinute }) },
        queue,
        exports: store.exports,
        keptPayloadBytes: config.evidence.payload.maxBytes,
        shutdown: shutdown.signal,
        dashboard: {
          publicUrl: config.dashboard.publicOrigin ? `${config.dashboard.publicOrigin}/` : null,
          port: () => options.dashboardPort?.() ?? config.http.dashboardPort,
          isInProcess: options.dashboardPort !== undefined,
        },
        graphqlOptions: { publicOrigin, maxBodyBytes: config.graphql.maxBodyBytes, maxListItems: config.graphql.maxListItems },
        graphql: {
          adminKey,
          search: search.graphqlSearch,
          torrents: torrentDetails,
          describeRule: classifier.describeRule,
          operator: writes.operator,
          blockList: writes.operator,
          queue,
          jobs,
          workers,
          health,
          evidence: store.evidence,
          version: VERSION,
          stats,
          wants,
          settings,
          crawlerControl: crawler ?? elsewhere,
          fetches,
        },
        log,
      }).listen(listenOptions)
    : createProbeApp({ health, status, metrics, log }).listen(listenOptions)
  const port = app.server!.port!
  // Where the index is, so an operator sees which database a process took; never its password.
  const database = config.store.postgres ? hideUrlSecrets(config.store.postgres.url) : config.db.corePath
  log.info('core listening', { host: config.http.host, port, role: config.role, database })
  crawler?.start()
  const reports = crawler && !parts.api ? reportCrawler(store, crawler, log) : null
  await fetches.resume()

  return {
    port,
    adminKey,
    async stop() {
      // Uploads still streaming end at their last complete line and are answered with what was
      // committed, so the graceful HTTP stop does not wait on a client that is slow or stalls.
      shutdown.abort()
      search?.idleTrim.stop()
      try {
        const http = await stopCoreApp(app, HTTP_STOP_GRACE_MS)
        if (http === 'cut') log.warn('closed HTTP requests still in flight at shutdown', { graceMs: HTTP_STOP_GRACE_MS })
        fetches.stop()
        elsewhere?.stop()
        storageFull?.stop()
        await reports?.stop()
        await crawler?.stop()
        search?.torznab.stop()
      } finally {
        // Whatever failed above, nothing produces torrents any more: commit the last batch before
        // the worker part waits on the queue, whose job in hand (a webhook delivery with retries)
        // may outlast a container's stop timeout, and close the database last.
        try {
          const lastBatch = await pipeline.flush()
          // The imports answered above have drained their chunks; no line is left at a worker.
          lineWorkers?.stop()
          log.info('last batch committed', { lastBatch })
        } finally {
          await worker?.stop()
          await store.close()
          log.info('core stopped')
        }
      }
    },
  }
}
