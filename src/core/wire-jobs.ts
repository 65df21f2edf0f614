import { resolveAdminKey } from '../auth'
import type { Config } from '../config'
import {
  createContentResolver,
  createEnrichmentRepository,
  createRequestPacer,
  createTmdbClient,
  type EnrichmentRepository,
} from '../enrichment'
import { createEvidenceJobs, createEvidenceRepository } from '../evidence'
import { createFetchRequestRepository, createFetchService } from '../fetch-requests'
import { createTorrentRepository } from '../graphql'
import { createHealthCheck } from '../health'
import type { IngestPipeline } from '../ingest'
import type { Logger, LogLevel } from '../log'
import type { Metrics } from '../metrics'
import { createQueueRepository, createQueueService, type WorkerRegistry, type QueueService } from '../queue'
import { createRuntimeSettings, createSettingsRepository } from '../settings'
import type { CoreStore } from '../store'
import type { TorrentStore } from '../torrents'
import type { Crawler } from './wire-crawler'

/** Longest one artwork API request may take before the enrichment counts it failed and backs off. */
const ARTWORK_TIMEOUT_MS = 10_000

/**
 * The small stores' parts that need nothing built after them: the core admin key, the queue (the
 * leases of a previous run released here, before any worker starts) and the enrichment's
 * repository. The wants are openCore's, matched after each of its commits.
 */
export function wireJobStores(deps: { config: Config; store: CoreStore; log: Logger }) {
  const db = deps.store.legacy
  const adminKey = resolveAdminKey(db, deps.config.core.adminKey)
  const queueLog = deps.log.child({ component: 'queue' })
  const jobs = createQueueRepository(db)
  const released = jobs.releaseLeases()
  if (released > 0) queueLog.info('released the leases of a previous run', { jobs: released })
  const queue = createQueueService({ repository: jobs, log: queueLog })
  const enrichment = createEnrichmentRepository(db.sqlite)
  return { adminKey, jobs, queue, enrichment }
}

/**
 * The jobs and small stores that stand on the crawler and the metrics: fetch requests (told when
 * a commit stores one), health, runtime settings, the enrichment's resolver, evidence (its queue
 * handlers and outbound batches) and GraphQL's torrent details. Built, not started.
 */
export function wireJobs(deps: {
  config: Config
  store: CoreStore
  torrents: TorrentStore
  pipeline: IngestPipeline
  queue: QueueService
  enrichment: EnrichmentRepository
  crawler: Crawler
  workers: WorkerRegistry
  metrics: Metrics
  /** Told the log level in force at start and after each change. */
  onLogLevel: (level: LogLevel) => void
  log: Logger
}) {
  const { config, crawler, metrics, log } = deps
  const db = deps.store.legacy
  const fetches = createFetchService({
    repository: createFetchRequestRepository(db),
    crawler,
    timeoutMs: config.dht.fetchTimeoutMs,
    log: log.child({ component: 'fetch' }),
  })
  crawler?.setFetchListener(fetches)
  deps.pipeline.onCommitted(({ classified }) => fetches.onStored(classified.map((entry) => entry.item.infoHash)))
  const health = createHealthCheck({ db, workers: deps.workers, crawler: crawler ? crawler.status : undefined })
  const settings = createRuntimeSettings({
    repository: createSettingsRepository(db),
    defaults: { torznabApiKey: config.torznab.apiKey, logLevel: config.log.level, artworkApiKey: config.dashboard.artworkApiKey },
    onLogLevel: deps.onLogLevel,
    log: log.child({ component: 'settings' }),
  })
  const resolver = createContentResolver({
    repository: deps.enrichment,
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
  const evidence = createEvidenceJobs({
    db,
    torrents: deps.torrents,
    queue: deps.queue,
    config: config.evidence,
    onGrab: (infoHash) => {
      crawler?.refreshSwarms([infoHash])
      resolver.prioritise(infoHash)
    },
    observe: metrics.evidence,
    log,
  })
  return { fetches, health, settings, resolver, evidenceRepository, evidence, torrentDetails: createTorrentRepository(db) }
}
