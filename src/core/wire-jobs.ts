import { resolveAdminKey } from '../auth'
import type { Config } from '../config'
import { createFetchService } from '../fetch-requests'
import { createHealthCheck } from '../health'
import type { IngestPipeline } from '../ingest'
import type { Logger, LogLevel } from '../log'
import { createQueueService, type WorkerRegistry } from '../queue'
import { createRuntimeSettings } from '../settings'
import type { CoreStore } from '../store'
import type { Crawler } from './wire-crawler'

/**
 * The small stores' parts that need nothing built after them: the core admin key, the queue (its
 * workers are the worker part's, which releases the leases of a previous run) and the
 * enrichment's store. The wants are openCore's, matched after each of its commits.
 */
export async function wireJobStores(deps: { config: Config; store: CoreStore; log: Logger }) {
  const adminKey = await resolveAdminKey(deps.store.adminKey, deps.config.core.adminKey)
  const jobs = deps.store.queue
  const queue = createQueueService({ store: jobs, log: deps.log.child({ component: 'queue' }) })
  const enrichment = deps.store.enrichment
  return { adminKey, jobs, queue, enrichment }
}

/**
 * The parts that stand on the crawler: fetch requests (told when a commit stores one), health,
 * runtime settings and GraphQL's torrent details. Built, not started. The jobs themselves are the
 * worker part's (worker-role.ts).
 */
export async function wireJobs(deps: {
  config: Config
  store: CoreStore
  pipeline: IngestPipeline
  crawler: Crawler
  /** An `api` process whose crawlers run in processes of their own: fetches are kept for them. */
  crawlsElsewhere: boolean
  workers: WorkerRegistry
  /** Told the log level in force at start and after each change. */
  onLogLevel: (level: LogLevel) => void
  log: Logger
}) {
  const { config, crawler, log } = deps
  const fetches = createFetchService({
    store: deps.store.fetchRequests,
    crawler: crawler ?? (deps.crawlsElsewhere ? 'elsewhere' : null),
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
  return { fetches, health, settings, torrentDetails: deps.store.torrentDetails }
}
