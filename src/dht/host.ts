import { ingestItemFromMetainfo, type IngestPipeline } from '../ingest'
import type { Logger, LogLevel } from '../log'
import type { WorkerRegistry } from '../queue'
import type { CrawlStats } from './crawl-stats'
import type { CrawlerSettings, CrawlerWarningCode, FromCrawler, ToCrawler } from './messages'

/** Where the worker's stats snapshot goes each second (the service's metrics). */
export interface CrawlObserver {
  observeCrawler(stats: CrawlStats): void
}

export interface CrawlerHostDeps {
  settings: CrawlerSettings
  pipeline: IngestPipeline
  metrics: CrawlObserver
  workers: WorkerRegistry
  log: Logger
}

/** What the health check, status and dashboard figures read about the crawler. */
export interface CrawlerStatus {
  running: boolean
  port: number | null
  warning: { code: CrawlerWarningCode; message: string; at: number } | null
  /** Nodes in the routing table, from the last stats snapshot; 0 while the worker is not running. */
  routingNodes: number
}

const FIRST_RESTART_DELAY_MS = 1_000
const MAX_RESTART_DELAY_MS = 60_000
/** A worker that ran this long before crashing restarts after the first delay again. */
const STABLE_AFTER_MS = 60_000
const STOP_GRACE_MS = 3_000

/**
 * Runs the crawler worker, once started, and keeps it running: a crash (or a port it cannot bind)
 * is logged and the worker restarted after 1 s, doubling to at most a minute while it keeps
 * failing. Verified metainfo from the worker goes into the ingest pipeline as source `dht`, the
 * single writer. Built before it starts, so the parts that ask it for swarms can hold it; until
 * then it reports not running and ignores those requests.
 */
export function createCrawlerHost(deps: CrawlerHostDeps) {
  const { log } = deps
  const status: CrawlerStatus = { running: false, port: null, warning: null, routingNodes: 0 }
  let logLevel = deps.settings.logLevel
  let worker: Worker | undefined
  let restartDelay = FIRST_RESTART_DELAY_MS
  let startedAt = 0
  let restartTimer: ReturnType<typeof setTimeout> | undefined
  let stopping = false

  const onMessage = (message: FromCrawler) => {
    switch (message.type) {
      case 'started':
        status.running = true
        status.port = message.port
        // A port that could not be bound before is bound now; silence is judged afresh.
        status.warning = null
        startedAt = Date.now()
        deps.workers.set('dht_crawler', true)
        log.info('dht crawler listening', { port: message.port, nodeId: message.nodeId, savedNodes: message.savedNodes })
        return
      case 'metainfo':
        deps.pipeline.submit(ingestItemFromMetainfo(message.metainfo, 'dht', { seeders: message.seeders, leechers: message.leechers }), {
          origin: `dht ${message.metainfo.infoHash}`,
          settle: (outcome) => {
            if (outcome instanceof Error) log.warn('crawled torrent not stored', { infoHash: message.metainfo.infoHash, err: outcome })
          },
        })
        return
      case 'swarm':
        deps.pipeline.updateSwarms([{ infoHash: message.infoHash, seeders: message.seeders, leechers: message.leechers }])
        return
      case 'stats':
        status.routingNodes = message.stats.routingNodes
        deps.metrics.observeCrawler(message.stats)
        return
      case 'warning':
        status.warning = { code: message.code, message: message.message, at: Date.now() }
        log.warn('dht crawler warning', { code: message.code, detail: message.message })
        return
      case 'recovered':
        status.warning = null
        log.info('dht crawler hears the network again')
        return
      case 'stopped':
        return
    }
  }

  const spawn = () => {
    const current = new Worker(new URL('./worker.ts', import.meta.url).href)
    worker = current
    current.onmessage = (event: MessageEvent<FromCrawler>) => onMessage(event.data)
    current.onerror = (event) => {
      event.preventDefault()
      log.error('dht crawler worker crashed', { err: event.message, restartInMs: restartDelay })
      current.terminate()
      scheduleRestart()
    }
    current.postMessage({ type: 'start', settings: { ...deps.settings, logLevel } } satisfies ToCrawler)
  }

  const scheduleRestart = () => {
    status.running = false
    status.routingNodes = 0
    deps.workers.set('dht_crawler', false)
    if (stopping) return
    if (startedAt && Date.now() - startedAt > STABLE_AFTER_MS) restartDelay = FIRST_RESTART_DELAY_MS
    startedAt = 0
    restartTimer = setTimeout(spawn, restartDelay)
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS)
  }

  deps.workers.set('dht_crawler', false)

  return {
    start(): void {
      if (!worker && !stopping) spawn()
    },
    status: (): CrawlerStatus => status,
    /** Asks for fresh swarm counts of these torrents; the crawler skips ones it scraped lately. */
    refreshSwarms(infoHashes: string[]): void {
      if (status.running && infoHashes.length) worker?.postMessage({ type: 'scrape', infoHashes } satisfies ToCrawler)
    },
    /** The worker thread logs at `level` from now on, and so does one started later. */
    setLogLevel(level: LogLevel): void {
      logLevel = level
      worker?.postMessage({ type: 'logLevel', level } satisfies ToCrawler)
    },
    /** Lets the worker save its nodes and close its socket, then ends it. */
    async stop(): Promise<void> {
      stopping = true
      clearTimeout(restartTimer)
      const current = worker
      if (!current) return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STOP_GRACE_MS)
        current.addEventListener('message', (event: MessageEvent<FromCrawler>) => {
          if (event.data.type === 'stopped') {
            clearTimeout(timer)
            resolve()
          }
        })
        current.postMessage({ type: 'stop' } satisfies ToCrawler)
      })
      current.terminate()
      status.running = false
      status.routingNodes = 0
      deps.workers.set('dht_crawler', false)
    },
  }
}

export type CrawlerHost = ReturnType<typeof createCrawlerHost>
