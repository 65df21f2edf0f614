import { ingestItemFromMetainfo, type IngestPipeline, NOT_STORED_REASONS } from '../../ingest'
import type { Logger, LogLevel } from '../../log'
import type { WorkerRegistry } from '../../queue'
import type { CrawlStats } from '../crawl/crawl-stats'
import { describeSchedule, isWithinSchedule } from '../crawl/crawl-schedule'
import type { CrawlerReaderSpecs, CrawlerSettings, CrawlerWarningCode, FetchOrder, FromCrawler, ToCrawler } from './messages'
import type { CrawlerMode, CrawlerStatus } from '../crawler-status'
import type { CrawlerPauseStore } from '../store-port'

/** Where the worker's stats snapshot goes each second (the service's metrics). */
export interface CrawlObserver {
  observeCrawler(stats: CrawlStats): void
}

/** What the fetches asked for hear from the worker (the fetch service, once it is built). */
export interface FetchListener {
  attempted(infoHash: string, detail: string): void
  /** Fetched and verified, but the index did not keep it. */
  refused(infoHash: string, reason: string): void
}

export interface CrawlerHostDeps<Spec> {
  settings: CrawlerSettings
  /** What the thread opens its readers of the index from. */
  readers: CrawlerReaderSpecs<Spec>
  /** The thread's entry point (src/core/threads/crawler-thread.ts), which serves it with serveCrawler. */
  threadUrl: string
  pipeline: IngestPipeline
  metrics: CrawlObserver
  workers: WorkerRegistry
  /** Where the operator's pause is kept across restarts (the pause only: the core sends the reports). */
  control: CrawlerPauseStore
  /** The pause as the control store held it when the host was built. */
  paused: boolean
  log: Logger
  nowMs?: () => number
}

const FIRST_RESTART_DELAY_MS = 1_000
const MAX_RESTART_DELAY_MS = 60_000
/** A worker that ran this long before crashing restarts after the first delay again. */
const STABLE_AFTER_MS = 60_000
const STOP_GRACE_MS = 3_000
/** The schedule is looked at this often: a window opens or closes within 15 s of its minute. */
const SCHEDULE_CHECK_MS = 15_000

/**
 * Runs the crawler worker, once started, and keeps it running: a crash (or a port it cannot bind)
 * is logged and the worker restarted after 1 s, doubling to at most a minute while it keeps
 * failing. Verified metainfo from the worker goes into the ingest pipeline as source `dht`, the
 * single writer. Built before it starts, so the parts that ask it for swarms can hold it; until
 * then it reports not running and ignores those requests.
 */
export function createCrawlerHost<Spec>(deps: CrawlerHostDeps<Spec>) {
  const { log } = deps
  const nowMs = deps.nowMs ?? (() => Date.now())
  /** The storage cap's hold (setStorageFull): it pauses like the operator, with a warning, and is not kept across restarts. */
  let storageWarning: CrawlerStatus['warning'] = null
  const modeAt = (paused: boolean): CrawlerMode =>
    paused || storageWarning ? 'paused' : isWithinSchedule(deps.settings.schedule, new Date(nowMs())) ? 'crawling' : 'off_hours'
  const { paused } = deps
  const status: CrawlerStatus = {
    running: false,
    port: null,
    warning: null,
    routingNodes: 0,
    mode: modeAt(paused),
    paused,
    schedule: describeSchedule(deps.settings.schedule),
  }
  /** Fetches asked for and not yet found or given up on: sent again to a restarted worker. */
  const fetches = new Map<string, FetchOrder>()
  let fetchListener: FetchListener | undefined
  let scheduleTimer: ReturnType<typeof setInterval> | undefined
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
        status.warning = storageWarning
        startedAt = Date.now()
        deps.workers.set('dht_crawler', true)
        log.info('dht crawler listening', { port: message.port, nodeId: message.nodeId, savedNodes: message.savedNodes })
        return
      case 'metainfo':
        // A fetch asked for is stored as source `fetch`: the crawl did not find it.
        deps.pipeline.submit(
          ingestItemFromMetainfo(message.metainfo, message.requested ? 'fetch' : 'dht', {
            seeders: message.seeders,
            leechers: message.leechers,
            // The lookup that found its peers scraped the swarm too.
            isSwarmCheck: message.seeders !== null && message.leechers !== null,
          }),
          {
            origin: `dht ${message.metainfo.infoHash}`,
            settle: (outcome) => {
              if (outcome instanceof Error) log.warn('crawled torrent not stored', { infoHash: message.metainfo.infoHash, err: outcome })
              if (message.requested && (outcome instanceof Error || outcome === 'deleted' || outcome === 'blocked'))
                fetchListener?.refused(message.metainfo.infoHash, outcome instanceof Error ? outcome.message : NOT_STORED_REASONS[outcome])
            },
          },
        )
        return
      case 'fetchAttempt':
        fetchListener?.attempted(message.infoHash, message.detail)
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
        status.warning = storageWarning
        log.info('dht crawler hears the network again')
        return
      case 'stopped':
        return
    }
  }

  const spawn = () => {
    const current = new Worker(deps.threadUrl)
    worker = current
    current.onmessage = (event: MessageEvent<FromCrawler>) => onMessage(event.data)
    current.onerror = (event) => {
      event.preventDefault()
      log.error('dht crawler worker crashed', { err: event.message, restartInMs: restartDelay })
      current.terminate()
      scheduleRestart()
    }
    current.postMessage({
      type: 'start',
      settings: { ...deps.settings, logLevel },
      readers: deps.readers,
      crawling: status.mode === 'crawling',
      fetches: [...fetches.values()],
    } satisfies ToCrawler<Spec>)
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

  /** Tells the worker when the mode changes (a pause, a resume, a window opening or closing). */
  const applyMode = (reason: string) => {
    const mode = modeAt(status.paused)
    if (mode === status.mode) return
    status.mode = mode
    // Silence is expected while nothing is asked; the worker judges it afresh on resume.
    if (mode !== 'crawling' && status.warning?.code === 'no_responses') status.warning = null
    worker?.postMessage({ type: 'crawling', crawling: mode === 'crawling' } satisfies ToCrawler)
    log.info(mode === 'crawling' ? 'dht crawler resumed' : 'dht crawler paused', { mode, reason })
  }

  deps.workers.set('dht_crawler', false)
  // Another process (a second core on one PostgreSQL index) paused or resumed the crawl.
  const stopFollowingControl = deps.control.onExternalChange(() => {
    deps.control.isPaused().then(
      (next) => {
        status.paused = next
        applyMode('operator elsewhere')
      },
      (err) => log.warn('crawler pause changed elsewhere not read', { err }),
    )
  })

  return {
    start(): void {
      if (!worker && !stopping) spawn()
      if (deps.settings.schedule.length && !scheduleTimer) scheduleTimer = setInterval(() => applyMode('schedule'), SCHEDULE_CHECK_MS)
      if (status.mode !== 'crawling') log.info('dht crawler starts paused', { mode: status.mode, schedule: status.schedule })
    },
    /** The operator's pause or resume, kept across restarts; effective within a tick (100 ms) of the worker. */
    async setPaused(next: boolean): Promise<CrawlerStatus> {
      await deps.control.savePaused(next, new Date(nowMs()).toISOString())
      status.paused = next
      applyMode('operator')
      return status
    },
    /**
     * The storage cap: with a message the index is full (nothing more can be evicted), so the
     * crawl pauses with that warning (fetches asked for still run); with null there is room again.
     */
    setStorageFull(message: string | null): void {
      storageWarning = message === null ? null : { code: 'storage_full', message, at: nowMs() }
      if (message !== null || status.warning?.code === 'storage_full') status.warning = storageWarning
      applyMode(message === null ? 'storage has room' : 'storage full')
    },
    /** Looks for the torrent until `cancelFetch`; it runs paused or off hours too. */
    fetch(order: FetchOrder): void {
      fetches.set(order.infoHash, order)
      worker?.postMessage({ type: 'fetch', order } satisfies ToCrawler)
    },
    cancelFetch(infoHash: string): void {
      if (fetches.delete(infoHash)) worker?.postMessage({ type: 'cancelFetch', infoHash } satisfies ToCrawler)
    },
    setFetchListener(listener: FetchListener): void {
      fetchListener = listener
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
      stopFollowingControl()
      clearTimeout(restartTimer)
      clearInterval(scheduleTimer)
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
