import type { CrawlerStatus } from '../dht'
import type { WorkerRegistry } from '../queue'
import type { HealthStore } from './store-port'

/** bitmagnet's health states, which its GraphQL `health` exposes too. */
export type ComponentStatus = 'up' | 'down' | 'inactive' | 'unknown'

export interface ComponentCheck {
  key: 'db' | 'queue' | 'torrent' | 'dht'
  status: ComponentStatus
  /** Unix ms of the check. */
  timestamp: number
  error: string | null
}

export interface HealthReport {
  /** `up` while the database answers: the one thing the service cannot work without. */
  status: ComponentStatus
  checks: ComponentCheck[]
}

/**
 * The database probes are answered from memory for this long: a health check polled by Docker,
 * a load balancer and the dashboard at once costs one set of reads (checks that come while it
 * runs share it), and /healthz answers as soon as the event loop turns, whatever the writer is doing.
 */
const PROBE_EVERY_MS = 1_000

/**
 * What the core depends on, checked on demand (the database probes at most once a second):
 * - db: the database answers a query (a closed or unreadable file does not);
 * - torrent: the index tables can be read (the ingest writer and search depend on them);
 * - queue: the queue table can be read and its workers are running;
 * - dht: the crawler runs and hears from the network (inactive when SERVICE_DHT_ENABLED=false, or
 *   while paused or outside SERVICE_DHT_SCHEDULE).
 *   It does not decide the overall status: a node behind a closed port still serves its index.
 */
export function createHealthCheck(deps: {
  store: HealthStore
  workers?: WorkerRegistry
  crawler?: () => CrawlerStatus
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const checkOf = (key: ComponentCheck['key'], failure: string | null, whenUp: () => ComponentStatus = () => 'up'): ComponentCheck =>
    failure === null
      ? { key, status: whenUp(), timestamp: nowMs(), error: null }
      : { key, status: 'down', timestamp: nowMs(), error: `database unreachable: ${failure}` }
  const queueWorkersStatus = (): ComponentStatus => {
    const queueWorkers = deps.workers?.listAll().filter((worker) => worker.key.startsWith('queue:')) ?? []
    if (queueWorkers.length === 0) return 'inactive'
    return queueWorkers.every((worker) => worker.started) ? 'up' : 'down'
  }
  const crawlerCheck = (): ComponentCheck => {
    const crawler = deps.crawler?.()
    const timestamp = nowMs()
    if (!crawler) return { key: 'dht', status: 'inactive', timestamp, error: null }
    if (crawler.warning) return { key: 'dht', status: 'down', timestamp, error: crawler.warning.message }
    // Paused on purpose is not a fault: inactive, saying why (the worker runs, for fetches by hash).
    if (crawler.running && crawler.mode !== 'crawling')
      return {
        key: 'dht',
        status: 'inactive',
        timestamp,
        error: crawler.mode === 'paused' ? 'paused by the operator' : `outside SERVICE_DHT_SCHEDULE (${crawler.schedule})`,
      }
    return {
      key: 'dht',
      status: crawler.running ? 'up' : 'down',
      timestamp,
      error: crawler.running ? null : 'the crawler worker is restarting',
    }
  }
  const probeDatabase = async (): Promise<ComponentCheck[]> => {
    let failures: Awaited<ReturnType<HealthStore['probe']>>
    try {
      failures = await deps.store.probe()
    } catch (err) {
      const failure = err instanceof Error ? err.message : String(err)
      failures = { db: failure, torrent: failure, queue: failure }
    }
    return [checkOf('db', failures.db), checkOf('torrent', failures.torrent), checkOf('queue', failures.queue, queueWorkersStatus)]
  }
  let probed: { atMs: number; checks: Promise<ComponentCheck[]> } | null = null
  return {
    async check(): Promise<HealthReport> {
      if (!probed || nowMs() - probed.atMs >= PROBE_EVERY_MS) probed = { atMs: nowMs(), checks: probeDatabase() }
      const checks = [...(await probed.checks), crawlerCheck()]
      return { status: checks[0]!.status, checks }
    },
  }
}

export type HealthCheck = ReturnType<typeof createHealthCheck>
