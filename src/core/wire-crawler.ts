import type { Config } from '../config'
import { type CrawlObserver, createCrawlerHost } from '../dht'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import type { WorkerRegistry } from '../queue'
import type { CoreStore } from '../store'
import { VERSION } from '../version'

/** The crawler host, built (not started) with the settings its worker thread needs; null when SERVICE_DHT_ENABLED=false. */
export async function wireCrawler(deps: {
  config: Config
  store: CoreStore
  pipeline: IngestPipeline
  observer: CrawlObserver
  workers: WorkerRegistry
  log: Logger
}) {
  const { config, store } = deps
  if (!config.dht.enabled) return null
  const { enabled: _, ...dht } = config.dht
  return createCrawlerHost({
    settings: {
      ...dht,
      clientName: `dht-indexer ${VERSION}`,
      logLevel: config.log.level,
      limits: config.ingest.limits,
    },
    readers: { knownHashes: store.knownHashesSpec(), dueSwarms: dht.rescrape.intervalMs === null ? null : store.dueSwarmsSpec() },
    threadUrl: new URL('./threads/crawler-thread.ts', import.meta.url).href,
    pipeline: deps.pipeline,
    metrics: deps.observer,
    workers: deps.workers,
    control: store.crawlerControl,
    paused: await store.crawlerControl.isPaused(),
    log: deps.log.child({ component: 'dht' }),
  })
}

export type Crawler = Awaited<ReturnType<typeof wireCrawler>>
