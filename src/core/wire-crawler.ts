import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Config } from '../config'
import { type CrawlObserver, createCrawlerHost, createCrawlersElsewhere, startCrawlerReports } from '../dht'
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

/**
 * A `crawler` process tells the index how it is doing, for the `api` processes to show. Its id
 * names the machine and process for an operator reading the table, with a random tail: two
 * containers can both be process 1 on hosts of the same name.
 */
export function reportCrawler(store: CoreStore, crawler: NonNullable<Crawler>, log: Logger) {
  const crawlerId = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`
  return startCrawlerReports({ store: store.crawlerControl, crawlerId, status: crawler.status, log: log.child({ component: 'dht' }) })
}

/** An `api` process's view of the crawlers elsewhere, read once before it answers. */
export async function followCrawlers(store: CoreStore, log: Logger) {
  const elsewhere = createCrawlersElsewhere({ store: store.crawlerControl, log: log.child({ component: 'dht' }) })
  await elsewhere.ready
  return elsewhere
}

/**
 * The storage cap's full state, as the worker process that runs the cap judges it, saved for the
 * crawler processes. A save the store refuses is logged: the next change is saved again.
 */
export async function tellStorageFull(store: CoreStore, message: string | null, log: Logger): Promise<void> {
  await store.crawlerControl
    .saveStorageFull(message, new Date().toISOString())
    .catch((err) => log.warn('storage cap state not saved for the crawler processes', { err, full: message !== null }))
}

/**
 * A `crawler` process pauses while the index is full, as the worker process's cap says: read at
 * start and again whenever the crawl's control changes elsewhere.
 */
export async function followStorageFull(store: CoreStore, crawler: NonNullable<Crawler>, log: Logger) {
  const read = () =>
    store.crawlerControl.storageFull().then(
      (message) => crawler.setStorageFull(message),
      (err) => log.warn('storage cap state not read', { err }),
    )
  await read()
  return { stop: store.crawlerControl.onExternalChange(() => void read()) }
}
