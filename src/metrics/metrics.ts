import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { CrawlStats } from '../dht'
import type { StorageReport } from '../vocabulary'
import { createCrawlerMetrics } from './crawler-metrics'
import { createEnrichmentMetrics } from './enrichment-metrics'
import { createStorageMetrics } from './storage-metrics'

export interface MetricsSources {
  /** Torrents in the index (cached by the caller). */
  torrentCount(): number | null
  /** Jobs per queue and status. */
  queueCounts(): Promise<{ queue: string; status: string; count: number }[]>
  /** Titles in the artwork backlog by status; absent, the enrichment metrics read zero. */
  enrichmentCounts?(): Promise<{ pending: number; resolved: number; notFound: number }>
  /** Unix seconds of the oldest swarm check in the index (null when none); absent, its age is not exported. */
  oldestSwarmCheckAt?(): number | null
  /** The databases' sizes and the storage cap; absent, no storage metrics are exported. */
  storage?(): Promise<StorageReport>
}

/**
 * Every metric of the core, in its own registry (not prom-client's global one, so that two apps
 * in one process, as in tests, do not collide). Names follow Prometheus conventions: base units
 * (seconds), `_total` on counters.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  // prom-client reads process_heap_bytes from VmData, which under Bun counts the address space
  // JavaScriptCore and mimalloc reserve up front (gigabytes for a 150 MB process): report the
  // JavaScript heap itself, the figure the name promises.
  registry.removeSingleMetric('process_heap_bytes')
  new Gauge({
    name: 'process_heap_bytes',
    help: 'Process heap size in bytes (the JavaScript heap, allocated and free)',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapTotal)
    },
  })
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  })
  const searchDuration = new Histogram({
    name: 'search_duration_seconds',
    help: 'Time a search took, by kind: text, feed or ids',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  })
  const ingested = new Counter({
    name: 'ingest_torrents_total',
    help: 'Torrents written by the ingest pipeline, by outcome (imported, updated, deleted, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const classified = new Counter({
    name: 'classifier_torrents_total',
    help: 'Torrents classified on ingest, by content type',
    labelNames: ['content_type'] as const,
    registers: [registry],
  })
  new Gauge({
    name: 'indexer_torrents',
    help: 'Torrents in the index',
    registers: [registry],
    collect() {
      const count = sources.torrentCount()
      if (count !== null) this.set(count)
    },
  })
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in the durable queue, by queue and status',
    labelNames: ['queue', 'status'] as const,
    registers: [registry],
    // prom-client awaits an async collect before it reads the gauge.
    async collect() {
      const rows = await sources.queueCounts()
      this.reset()
      for (const row of rows) this.set({ queue: row.queue, status: row.status }, row.count)
    },
  })
  const evidenceReports = new Counter({
    name: 'evidence_reports_total',
    help: 'Webhook reports from the *arr apps recorded, by client kind, type and result (duplicate: a repeat within 60 s)',
    labelNames: ['client', 'type', 'result'] as const,
    registers: [registry],
  })
  const webhookBatches = new Counter({
    name: 'evidence_webhook_batches_total',
    help: 'Outbound evidence webhook batches finished, by status (failed: given up after 3 retries)',
    labelNames: ['status'] as const,
    registers: [registry],
  })
  const crawler = createCrawlerMetrics(registry, sources.oldestSwarmCheckAt)
  const enrichment = createEnrichmentMetrics(
    registry,
    async () => (await sources.enrichmentCounts?.()) ?? { pending: 0, resolved: 0, notFound: 0 },
  )
  if (sources.storage) createStorageMetrics(registry, sources.storage)

  return {
    registry,
    observeHttp(method: string, route: string, status: number, seconds: number): void {
      httpRequests.inc({ method, route, status: String(status) })
      httpDuration.observe({ method, route }, seconds)
    },
    observeSearch(kind: 'text' | 'feed' | 'ids', seconds: number): void {
      searchDuration.observe({ kind }, seconds)
    },
    countIngest(report: { imported: number; updated: number; deleted: number; blocked: number; failed: number }): void {
      for (const outcome of ['imported', 'updated', 'deleted', 'blocked', 'failed'] as const)
        if (report[outcome] > 0) ingested.inc({ outcome }, report[outcome])
    },
    countClassified(contentTypes: string[]): void {
      for (const contentType of contentTypes) classified.inc({ content_type: contentType })
    },
    observeCrawler: (stats: CrawlStats) => crawler.observe(stats),
    enrichment,
    evidence: {
      report: (client: string, type: string, result: string) => evidenceReports.inc({ client, type, result }),
      batch: (status: 'delivered' | 'failed') => webhookBatches.inc({ status }),
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
