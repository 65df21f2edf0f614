import { resolveAdminKey } from '../auth'
import type { Config } from '../config'
import { createContentResolver, createRequestPacer, createTmdbClient, type EnrichmentStore } from '../enrichment'
import { createEvidenceJobs } from '../evidence'
import { createFetchService } from '../fetch-requests'
import { createHealthCheck } from '../health'
import type { IngestPipeline } from '../ingest'
import type { Logger, LogLevel } from '../log'
import type { Metrics } from '../metrics'
import { createQueueService, type WorkerRegistry, type QueueService } from '../queue'
import { createRuntimeSettings } from '../settings'
import type { CoreStore } from '../store'
import type { TorrentStore } from '../torrents'
import type { Crawler } from './wire-crawler'

/** Longest one artwork API request may take before the enrichment counts it failed and backs off. */
const ARTWORK_TIMEOUT_MS = 10_000

/**
 * The small stores' parts that need nothing built after them: the core admin key, the queue (the
 * leases of a previous run released here, before any worker starts) and the enrichment's store.
 * The wants are openCore's, matched after each of its commits.
 */
export async function wireJobStores(deps: { config: Config; store: CoreStore; log: Logger }) {
  const adminKey = await resolveAdminKey(deps.store.adminKey, deps.config.core.adminKey)
  const queueLog = deps.log.child({ component: 'queue' })
  const jobs = deps.store.queue
  const released = await jobs.releaseLeases()
  if (released > 0) queueLog.info('released the leases of a previous run', { jobs: released })
  const queue = createQueueService({ store: jobs, log: queueLog })
  const enrichment = deps.store.enrichment
  return { adminKey, jobs, queue, enrichment }
}

/**
 * The jobs and small stores that stand on the crawler and the metrics: fetch requests (told when
 * a commit stores one), health, runtime settings, the enrichment's resolver, evidence (its queue
 * handlers and outbound batches) and GraphQL's torrent details. Built, not started.
 */
export async function wireJobs(deps: {
  config: Config
  store: CoreStore
  torrents: TorrentStore
  pipeline: IngestPipeline
  queue: QueueService
  enrichment: EnrichmentStore
  crawler: Crawler
  workers: WorkerRegistry
  metrics: Metrics
  /** Told the log level in force at start and after each change. */
  onLogLevel: (level: LogLevel) => void
  log: Logger
}) {
  const { config, crawler, metrics, log } = deps
  const fetches = createFetchService({
    store: deps.store.fetchRequests,
    crawler,
    timeoutMs: config.dht.fetchTimeoutMs,
    log: log.child({ component: 'fetch' }),
  })
  crawler?.setFetchListener(fetches)
  deps.pipeline.onCommitted(({ classified }) => fetches.onStored(classified.map((entry) => entry.item.infoHash)))
  const health = createHealthCheck({ store: deps.store.health, workers: deps.workers, crawler: crawler ? crawler.status : undefined })
  const settings = await createRuntimeSettings({
    store: deps.store.settings,
    defaults: { torznabApiKey: config.torznab.apiKey, logLevel: config.log.level, artworkApiKey: config.dashboard.artworkApiKey },
    onLogLevel: deps.onLogLevel,
    log: log.child({ component: 'settings' }),
  })
  const resolver = createContentResolver({
    store: deps.enrichment,
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
  const evidence = await createEvidenceJobs({
    store: deps.store,
    reclassify: (infoHash) => deps.torrents.reclassifier.run({ infoHashes: [infoHash] }),
    queue: deps.queue,
    config: config.evidence,
    onGrab: (infoHash) => {
      crawler?.refreshSwarms([infoHash])
      resolver.prioritise(infoHash)
    },
    observe: metrics.evidence,
    log,
  })
  return { fetches, health, settings, resolver, evidence, torrentDetails: deps.store.torrentDetails }
}
