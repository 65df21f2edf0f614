import type { Config } from '../config'
import { type CrawlObserver, createCrawlerControlRepository, createCrawlerHost } from '../dht'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import type { WorkerRegistry } from '../queue'
import type { CoreStore } from '../store'
import { VERSION } from '../version'

/** The crawler host, built (not started) with the settings its worker thread needs; null when SERVICE_DHT_ENABLED=false. */
export function wireCrawler(deps: {
  config: Config
  store: CoreStore
  pipeline: IngestPipeline
  observer: CrawlObserver
  workers: WorkerRegistry
  log: Logger
}) {
  const { config } = deps
  if (!config.dht.enabled) return null
  const { enabled: _, ...dht } = config.dht
  return createCrawlerHost({
    settings: {
      ...dht,
      databasePath: config.db.corePath,
      clientName: `dht-indexer ${VERSION}`,
      logLevel: config.log.level,
      limits: config.ingest.limits,
    },
    pipeline: deps.pipeline,
    metrics: deps.observer,
    workers: deps.workers,
    control: createCrawlerControlRepository(deps.store.legacy),
    log: deps.log.child({ component: 'dht' }),
  })
}

export type Crawler = ReturnType<typeof wireCrawler>
