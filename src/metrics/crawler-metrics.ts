import { Counter, Gauge, type Registry } from 'prom-client'
import { QUERY_TYPES, type CrawlStats } from '../dht'

/**
 * The crawler's metrics, fed from the snapshots its worker sends each second. The worker counts
 * totals since it started; counters advance by the difference, and a restarted worker (totals
 * back near zero) simply counts on from its new start. The age of the oldest swarm check is
 * read from the index at scrape time.
 */
export function createCrawlerMetrics(registry: Registry, oldestSwarmCheckAt?: () => number | null) {
  const registers = [registry]
  const concurrency = new Gauge({
    name: 'service_dht_client_request_concurrency',
    help: 'DHT queries in flight, by request type',
    labelNames: ['request_type'] as const,
    registers,
  })
  const sent = new Counter({
    name: 'service_dht_queries_sent_total',
    help: 'DHT queries sent, by type',
    labelNames: ['query'] as const,
    registers,
  })
  const received = new Counter({
    name: 'service_dht_queries_received_total',
    help: 'DHT queries answered for other nodes, by type',
    labelNames: ['query'] as const,
    registers,
  })
  const responses = new Counter({ name: 'service_dht_responses_total', help: 'Answers received to our DHT queries', registers })
  const dropped = new Counter({
    name: 'service_dht_queries_dropped_total',
    help: 'Queries from other nodes dropped unanswered for their rate',
    registers,
  })
  const discovered = new Counter({
    name: 'service_dht_hashes_discovered_total',
    help: 'New info hashes queued for metadata, by where they were seen',
    labelNames: ['source'] as const,
    registers,
  })
  const fetched = new Counter({
    name: 'service_dht_metadata_fetched_total',
    help: 'Torrent metadata fetched from peers and verified',
    registers,
  })
  const failed = new Counter({
    name: 'service_dht_metadata_failed_total',
    help: 'Info hashes whose metadata could not be fetched, by the last reason',
    labelNames: ['reason'] as const,
    registers,
  })
  const swarmChecks = new Counter({
    name: 'service_dht_swarm_checks_total',
    help: "BEP 33 checks of stored torrents' swarms, by trigger (search, schedule) and outcome (counted; unknown: nodes sent no filter; no_answer: nothing stored, asked again later)",
    labelNames: ['trigger', 'outcome'] as const,
    registers,
  })
  if (oldestSwarmCheckAt)
    new Gauge({
      name: 'service_dht_swarm_oldest_check_age_seconds',
      help: 'Age of the oldest swarm check among torrents checked at least once (0 while none is); past SERVICE_DHT_RESCRAPE_INTERVAL the re-check is behind',
      registers,
      collect() {
        const at = oldestSwarmCheckAt()
        this.set(at === null ? 0 : Math.max(0, Date.now() / 1000 - at))
      },
    })
  const fetching = new Gauge({ name: 'service_dht_metadata_fetches_in_flight', help: 'Metadata fetches under way', registers })
  const waiting = new Gauge({ name: 'service_dht_metadata_queued', help: 'New info hashes waiting for a metadata fetch', registers })
  const nodes = new Gauge({
    name: 'service_dht_nodes',
    help: 'DHT nodes known, by table (crawl: to walk; routing: to answer queries)',
    labelNames: ['table'] as const,
    registers,
  })
  const heap = new Gauge({ name: 'service_dht_crawler_heap_bytes', help: 'JavaScript heap of the crawler thread', registers })
  const cpu = new Counter({ name: 'service_dht_crawler_cpu_seconds_total', help: 'CPU time of the crawler thread', registers })

  for (const type of QUERY_TYPES) concurrency.set({ request_type: type }, 0)
  const last = new Map<string, number>()

  /** Advances a counter to a worker total; a total below the last one means a new worker. */
  const advance = (key: string, total: number, inc: (by: number) => void) => {
    const previous = last.get(key) ?? 0
    const by = total >= previous ? total - previous : total
    if (by > 0) inc(by)
    last.set(key, total)
  }
  const advanceAll = (name: string, totals: Record<string, number>, counter: Counter<string>, label: string) => {
    for (const [key, total] of Object.entries(totals)) advance(`${name}:${key}`, total, (by) => counter.inc({ [label]: key }, by))
  }

  return {
    observe(stats: CrawlStats): void {
      for (const type of QUERY_TYPES) concurrency.set({ request_type: type }, Math.max(0, stats.inflight[type] ?? 0))
      advanceAll('sent', stats.sent, sent, 'query')
      advanceAll('received', stats.received, received, 'query')
      advanceAll('discovered', stats.discovered, discovered, 'source')
      advanceAll('failed', stats.failed, failed, 'reason')
      for (const [key, total] of Object.entries(stats.swarmChecks)) {
        const [trigger, outcome] = key.split(':')
        advance(`swarm:${key}`, total, (by) => swarmChecks.inc({ trigger, outcome }, by))
      }
      advance('responses', stats.responses, (by) => responses.inc(by))
      advance('dropped', stats.droppedQueries, (by) => dropped.inc(by))
      advance('fetched', stats.fetched, (by) => fetched.inc(by))
      if (stats.cpuSeconds !== null) advance('cpu', stats.cpuSeconds, (by) => cpu.inc(by))
      fetching.set(stats.fetchesInFlight)
      waiting.set(stats.queued)
      heap.set(stats.heapBytes)
      nodes.set({ table: 'crawl' }, stats.nodes)
      nodes.set({ table: 'routing' }, stats.routingNodes)
    },
  }
}
