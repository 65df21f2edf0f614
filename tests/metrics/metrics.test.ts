import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { emptyStats } from '../../src/dht/crawl/crawl-stats'
import { createMetrics, metricsRoutes, requestMetrics, type MetricsSources } from '../../src/metrics'

const noSources: MetricsSources = { torrentCount: () => null, queueCounts: async () => [] }

/** The value of one series as rendered (`name{labels}` exactly as prom-client writes it); undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

async function scrape(metrics: ReturnType<typeof createMetrics>): Promise<string> {
  return metrics.registry.metrics()
}

describe('createMetrics', () => {
  test('renders each count and observation under its Prometheus name, type and labels', async () => {
    const metrics = createMetrics(noSources)
    metrics.observeHttp('GET', '/torznab/api', 200, 0.02)
    metrics.observeHttp('GET', '/torznab/api', 200, 0.02)
    metrics.observeHttp('POST', '/import', 400, 0.002)
    metrics.observeSearch('feed', 0.003)
    metrics.countIngest({ imported: 3, updated: 0, deleted: 1, blocked: 0, failed: 0 })
    metrics.countClassified(['movie', 'movie', 'tv_show'])
    metrics.evidence.report('sonarr', 'grab', 'success')
    metrics.evidence.batch('failed')
    const text = await scrape(metrics)

    expect(text).toContain('# TYPE http_requests_total counter')
    expect(text).toContain('# TYPE http_request_duration_seconds histogram')
    expect(seriesValue(text, 'http_requests_total{method="GET",route="/torznab/api",status="200"}')).toBe(2)
    expect(seriesValue(text, 'http_requests_total{method="POST",route="/import",status="400"}')).toBe(1)
    // 0.02 s falls in the 0.025 bucket, not in the 0.01 one.
    expect(seriesValue(text, 'http_request_duration_seconds_bucket{le="0.01",method="GET",route="/torznab/api"}')).toBe(0)
    expect(seriesValue(text, 'http_request_duration_seconds_bucket{le="0.025",method="GET",route="/torznab/api"}')).toBe(2)
    expect(seriesValue(text, 'search_duration_seconds_count{kind="feed"}')).toBe(1)
    expect(seriesValue(text, 'search_duration_seconds_count{kind="text"}')).toBeUndefined()
    expect(seriesValue(text, 'ingest_torrents_total{outcome="imported"}')).toBe(3)
    expect(seriesValue(text, 'ingest_torrents_total{outcome="deleted"}')).toBe(1)
    // Outcomes that did not happen get no series, rather than a zero per batch.
    expect(seriesValue(text, 'ingest_torrents_total{outcome="updated"}')).toBeUndefined()
    expect(seriesValue(text, 'classifier_torrents_total{content_type="movie"}')).toBe(2)
    expect(seriesValue(text, 'classifier_torrents_total{content_type="tv_show"}')).toBe(1)
    expect(seriesValue(text, 'evidence_reports_total{client="sonarr",type="grab",result="success"}')).toBe(1)
    expect(seriesValue(text, 'evidence_webhook_batches_total{status="failed"}')).toBe(1)
    expect(text).toContain('process_resident_memory_bytes')
  })

  test('reads the torrent count and the queue depth on each scrape, and only then', async () => {
    let torrents: number | null = 5
    let queues = [
      { queue: 'evidence', status: 'pending', count: 2 },
      { queue: 'process_torrent', status: 'failed', count: 1 },
    ]
    let reads = 0
    const metrics = createMetrics({
      torrentCount: () => {
        reads++
        return torrents
      },
      queueCounts: async () => queues,
    })
    expect(reads).toBe(0)

    let text = await scrape(metrics)
    expect(reads).toBe(1)
    expect(seriesValue(text, 'indexer_torrents')).toBe(5)
    expect(seriesValue(text, 'queue_jobs{queue="evidence",status="pending"}')).toBe(2)
    expect(seriesValue(text, 'queue_jobs{queue="process_torrent",status="failed"}')).toBe(1)

    torrents = 7
    queues = [{ queue: 'evidence', status: 'processed', count: 2 }]
    text = await scrape(metrics)
    expect(seriesValue(text, 'indexer_torrents')).toBe(7)
    // The gauge is rebuilt from the counts: jobs purged since the last scrape leave no stale series.
    expect(seriesValue(text, 'queue_jobs{queue="evidence",status="processed"}')).toBe(2)
    expect(seriesValue(text, 'queue_jobs{queue="evidence",status="pending"}')).toBeUndefined()
    expect(seriesValue(text, 'queue_jobs{queue="process_torrent",status="failed"}')).toBeUndefined()

    // A count the source cannot tell (database unreadable) leaves the last one.
    torrents = null
    expect(seriesValue(await scrape(metrics), 'indexer_torrents')).toBe(7)
  })

  test('crawler snapshots advance the counters by their difference, and a restarted worker counts on', async () => {
    const metrics = createMetrics(noSources)
    const before = await scrape(metrics)
    // Every query type has a concurrency series from the start, so dashboards show 0 rather than nothing.
    expect(seriesValue(before, 'service_dht_client_request_concurrency{request_type="sample_infohashes"}')).toBe(0)

    metrics.observeCrawler({
      ...emptyStats(),
      sent: { get_peers: 10 },
      inflight: { get_peers: 3 },
      discovered: { sample_infohashes: 4 },
      nodes: 100,
      routingNodes: 20,
      cpuSeconds: 1.5,
    })
    metrics.observeCrawler({ ...emptyStats(), sent: { get_peers: 15 }, discovered: { sample_infohashes: 6 }, nodes: 90, cpuSeconds: 2 })
    let text = await scrape(metrics)
    expect(seriesValue(text, 'service_dht_queries_sent_total{query="get_peers"}')).toBe(15)
    expect(seriesValue(text, 'service_dht_hashes_discovered_total{source="sample_infohashes"}')).toBe(6)
    expect(seriesValue(text, 'service_dht_client_request_concurrency{request_type="get_peers"}')).toBe(0)
    expect(seriesValue(text, 'service_dht_nodes{table="crawl"}')).toBe(90)
    expect(seriesValue(text, 'service_dht_crawler_cpu_seconds_total')).toBe(2)

    // A restarted worker starts from zero: its totals are added, not subtracted.
    metrics.observeCrawler({ ...emptyStats(), sent: { get_peers: 4 }, inflight: { get_peers: 2 } })
    text = await scrape(metrics)
    expect(seriesValue(text, 'service_dht_queries_sent_total{query="get_peers"}')).toBe(19)
    expect(seriesValue(text, 'service_dht_client_request_concurrency{request_type="get_peers"}')).toBe(2)
    // No CPU figure (not Linux): the counter stays where it was.
    expect(seriesValue(text, 'service_dht_crawler_cpu_seconds_total')).toBe(2)
  })

  test("process_heap_bytes is the JavaScript heap, below the resident set (not Bun's reserved address space)", async () => {
    const text = await scrape(createMetrics(noSources))
    const heapBytes = seriesValue(text, 'process_heap_bytes')!
    const residentBytes = seriesValue(text, 'process_resident_memory_bytes')!
    expect(heapBytes).toBeGreaterThan(0)
    expect(heapBytes).toBeLessThan(residentBytes)
    expect(text.split('\n').filter((line) => line.startsWith('# TYPE process_heap_bytes '))).toEqual(['# TYPE process_heap_bytes gauge'])
  })

  test('two sets of metrics in one process keep their own counts', async () => {
    const first = createMetrics(noSources)
    const second = createMetrics(noSources)
    first.countClassified(['music'])
    expect(seriesValue(await scrape(first), 'classifier_torrents_total{content_type="music"}')).toBe(1)
    expect(seriesValue(await scrape(second), 'classifier_torrents_total{content_type="music"}')).toBeUndefined()
  })
})

describe('requestMetrics', () => {
  function appWithMetrics() {
    const metrics = createMetrics(noSources)
    const app = new Elysia()
      .use(requestMetrics({ metrics }))
      .use(metricsRoutes({ metrics }))
      .get('/torrents/:infoHash', ({ params }) => params.infoHash)
      .get('/teapot', ({ set }) => {
        set.status = 418
        return 'short and stout'
      })
    return { metrics, app }
  }

  /** The series, once the after-response hooks (which run after `handle` resolves) have counted `total` requests. */
  async function requestsCounted(metrics: ReturnType<typeof createMetrics>, total: number): Promise<string> {
    const deadline = Date.now() + 30_000
    for (;;) {
      const text = await scrape(metrics)
      const counted = text
        .split('\n')
        .filter((line) => line.startsWith('http_requests_total{'))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)
      if (counted >= total || Date.now() > deadline) return text
      await Bun.sleep(5)
    }
  }

  test('counts each request under its route pattern, method and status, never its raw URL', async () => {
    const { metrics, app } = appWithMetrics()
    await app.handle(new Request(`http://localhost/torrents/${'ab'.repeat(20)}?apikey=secret`))
    await app.handle(new Request(`http://localhost/torrents/${'cd'.repeat(20)}`))
    await app.handle(new Request('http://localhost/teapot'))
    await app.handle(new Request('http://localhost/no/such/path'))
    const text = await requestsCounted(metrics, 4)

    expect(seriesValue(text, 'http_requests_total{method="GET",route="/torrents/:infoHash",status="200"}')).toBe(2)
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="GET",route="/torrents/:infoHash"}')).toBe(2)
    expect(seriesValue(text, 'http_requests_total{method="GET",route="/teapot",status="418"}')).toBe(1)
    expect(seriesValue(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(text).not.toContain('ab'.repeat(20))
    expect(text).not.toContain('secret')
  })

  test('GET /metrics answers in the Prometheus text format', async () => {
    const { app } = appWithMetrics()
    const response = await app.handle(new Request('http://localhost/metrics'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(await response.text()).toContain('# TYPE indexer_torrents gauge')
  })
})
