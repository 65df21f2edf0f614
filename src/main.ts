/**
 * `bun run start`: the composition root of the service. Builds config -> database -> ingest ->
 * queue -> HTTP app, and tears them down in reverse on SIGINT/SIGTERM.
 */
import { renderConfigHelp } from './config'
import { createCoreApp, startQueue, type RunningQueue } from './core'
import { startCrawlerHost, type CrawlerHost } from './dht'
import { createHealthCheck, createStatusReporter } from './health'
import { createLogger } from './log'
import { createMetrics } from './metrics'
import { loadConfigOrExit, openCoreOrExit } from './process'
import { createWorkerRegistry } from './queue'
import { startTorznabWorkerPool } from './torznab'
import { VERSION } from './version'

if (Bun.argv.includes('--help') || Bun.argv.includes('-h')) {
  process.stdout.write(`Usage: bun run start\n\nStarts the indexer: the core HTTP API on CORE_PORT.\n\n${renderConfigHelp()}\n`)
  process.exit(0)
}

const startedAtMs = Date.now()
const config = loadConfigOrExit()
const log = createLogger({ level: config.log.level })
const workers = createWorkerRegistry()

// The metrics read from parts built below; their sources are only called on a scrape.
let running: { queue: RunningQueue; status: ReturnType<typeof createStatusReporter> } | undefined
const metrics = createMetrics({
  torrentCount: () => running?.status.torrentCount() ?? null,
  queueCounts: () => running?.queue.repository.countsByQueueAndStatus() ?? [],
})

const { db, torrents, pipeline } = openCoreOrExit(config, log)
pipeline.onCommitted(({ report, classified }) => {
  metrics.countIngest(report)
  metrics.countClassified(classified.map((item) => item.classification.contentType))
  running?.queue.evidence.onCommitted()
})
workers.set('ingest', true)
workers.set('classifier', true)
// Started after the queue and HTTP are up; health, searches and grabs reach it once it exists.
let crawler: CrawlerHost | undefined
const queue = startQueue({
  db,
  torrents,
  evidence: config.evidence,
  observeEvidence: metrics.evidence,
  workers,
  log,
  onGrab: (infoHash) => crawler?.refreshSwarms([infoHash]),
})
const health = createHealthCheck({
  db: db.sqlite,
  workers,
  crawler: config.dht.enabled ? () => crawler?.status() ?? { running: false, port: null, warning: null } : undefined,
})
const status = createStatusReporter({ db: db.sqlite, health, version: VERSION, startedAtMs })
running = { queue, status }

const torznab = await startTorznabWorkerPool({
  size: config.search.workers,
  databasePath: config.db.corePath,
  weights: config.search.weights,
  timeoutMs: config.search.timeoutMs,
  version: VERSION,
  log: log.child({ component: 'torznab' }),
  onSearch: (report) => {
    metrics.observeSearch(report.kind, report.seconds)
    crawler?.refreshSwarms(report.infoHashes)
  },
})
workers.set('torznab', true)

const app = createCoreApp({ config, db, pipeline, torrents, log, health, status, metrics, queue, workers, torznab }).listen({
  hostname: config.http.host,
  port: config.http.corePort,
})
log.info('core listening', { host: config.http.host, port: app.server?.port, database: config.db.corePath })

if (config.dht.enabled) {
  const { enabled: _, ...dht } = config.dht
  crawler = startCrawlerHost({
    settings: { ...dht, databasePath: config.db.corePath, clientName: `dht-indexer ${VERSION}`, logLevel: config.log.level },
    pipeline,
    metrics,
    workers,
    log: log.child({ component: 'dht' }),
  })
}

let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  log.info('shutting down', { signal })
  await app.stop()
  await crawler?.stop()
  torznab.stop()
  // Nothing produces torrents any more: commit the last batch before waiting on the queue, whose
  // job in hand (a webhook delivery with retries) may outlast a container's stop timeout.
  const last = pipeline.flush()
  await queue.stop()
  db.close()
  log.info('stopped', { lastBatch: last })
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
