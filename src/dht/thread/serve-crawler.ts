import { createLogger, type LogThreshold } from '../../log'
import { startCrawler, type RunningCrawler } from '../crawl/crawler'
import { loadKnownHashes, type KnownHashes } from '../crawl/known-hashes'
import type { CrawlerReaderSpecs, FetchOrder, FromCrawler, ToCrawler } from './messages'
import type { DueSwarmsReader, KnownHashesReader } from '../store-port'

const STATS_EVERY_MS = 1_000
const FULL_GC_EVERY = 5

/** How a crawler thread talks to the main thread: the worker's own postMessage and onmessage. */
export interface CrawlerThreadPort<Spec> {
  post(message: FromCrawler): void
  onMessage(handle: (message: ToCrawler<Spec>) => Promise<void>): void
}

/** The thread's readers of the index, opened by its entry point from the specs the start message carries. */
export interface CrawlerReaders {
  known: KnownHashesReader
  dueSwarms: DueSwarmsReader | null
}

/**
 * The crawler's thread: its own DHT socket, peer connections and read-only view of the index, so
 * a burst of network work never delays HTTP answers or the ingest writer. It talks to the main
 * thread only in the typed messages of messages.ts; the main thread stores what it finds.
 */
export function serveCrawler<Spec>(
  port: CrawlerThreadPort<Spec>,
  openReaders: (specs: CrawlerReaderSpecs<Spec>) => Promise<CrawlerReaders>,
): void {
  let crawler: RunningCrawler | undefined
  let known: KnownHashes | undefined
  let dueSwarms: DueSwarmsReader | null = null
  let statsTimer: ReturnType<typeof setInterval> | undefined
  const logThreshold: LogThreshold = { level: 'info' }
  /**
   * What the main thread asked for while the node was still binding its port (the start awaits it):
   * a pause or resume, fetches and their cancellations are applied once the crawler is there.
   */
  const early = { crawling: true, fetches: new Map<string, FetchOrder>() }

  const post = (message: FromCrawler) => port.post(message)

  port.onMessage(async (message) => {
    if (message.type === 'start') {
      const { settings } = message
      early.crawling = message.crawling
      for (const order of message.fetches) early.fetches.set(order.infoHash, order)
      logThreshold.level = settings.logLevel
      const log = createLogger({ level: logThreshold, fields: { component: 'dht' } })
      const readers = await openReaders(message.readers)
      dueSwarms = readers.dueSwarms
      known = await loadKnownHashes(readers.known, settings.seenFilterBytes)
      const loaded = await known.catchUp()
      try {
        crawler = await startCrawler(
          settings,
          { known, dueSwarms },
          {
            metainfo: (metainfo, seeders, leechers, requested) => post({ type: 'metainfo', metainfo, seeders, leechers, requested }),
            fetchAttempt: (infoHash, detail) => post({ type: 'fetchAttempt', infoHash, detail }),
            swarm: (infoHash, seeders, leechers) => post({ type: 'swarm', infoHash, seeders, leechers }),
            warning: (code, text) => post({ type: 'warning', code, message: text }),
            recovered: () => post({ type: 'recovered' }),
          },
          log,
          { crawling: early.crawling },
        )
        // Anything that arrived during the await: the crawling flag as it stands now, and every fetch.
        crawler.setCrawling(early.crawling)
        for (const order of early.fetches.values()) crawler.fetch(order)
        early.fetches.clear()
      } catch (err) {
        post({
          type: 'warning',
          code: 'bind_failed',
          message: `cannot bind UDP ${settings.host}:${settings.port}: ${(err as Error).message}`,
        })
        throw err
      }
      log.debug('seen filter loaded', { hashes: loaded })
      let ticks = 0
      statsTimer = setInterval(() => {
        // Fetches leave short-lived garbage (sockets, wire buffers, decoded info dicts) at a steady
        // rate; JSC would let the heap grow to several times the live set before collecting. A
        // full collection every few seconds costs ~1 % of a core and keeps the crawler's memory
        // near its live set.
        Bun.gc(++ticks % FULL_GC_EVERY === 0)
        post({ type: 'stats', stats: crawler!.stats() })
      }, STATS_EVERY_MS)
      post({ type: 'started', port: crawler.port, nodeId: crawler.nodeId, savedNodes: crawler.savedNodes })
      return
    }
    if (message.type === 'crawling') {
      early.crawling = message.crawling
      crawler?.setCrawling(message.crawling)
      return
    }
    if (message.type === 'fetch') {
      if (crawler) crawler.fetch(message.order)
      else early.fetches.set(message.order.infoHash, message.order)
      return
    }
    if (message.type === 'cancelFetch') {
      early.fetches.delete(message.infoHash)
      crawler?.cancelFetch(message.infoHash)
      return
    }
    if (message.type === 'scrape') {
      crawler?.refreshSwarms(message.infoHashes)
      return
    }
    if (message.type === 'logLevel') {
      logThreshold.level = message.level
      return
    }
    clearInterval(statsTimer)
    await crawler?.stop()
    await known?.close()
    await dueSwarms?.close()
    post({ type: 'stopped' })
  })
}
