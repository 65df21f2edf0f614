import { afterAll, describe, expect, test } from 'bun:test'
import { createHealthCheck, createStatusReporter, healthRoutes } from '../../src/health'
import { createWorkerRegistry } from '../../src/queue'
import { createTorrentCounts } from '../../src/torrents'
import { startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { openTestIndex } from '../support/test-index'

function healthApp({ db, store }: ReturnType<typeof openTestIndex>) {
  const workers = createWorkerRegistry()
  workers.set('queue:process_torrent', true)
  const health = createHealthCheck({ store: store.health, workers })
  return healthRoutes({
    health,
    status: createStatusReporter({
      torrentCount: createTorrentCounts(db).total,
      health,
      version: '9.9.9',
      startedAtMs: Date.now() - 5_000,
    }),
  })
}

const get = (app: ReturnType<typeof healthRoutes>, path: string) => app.handle(new Request(`http://localhost${path}`))

describe('GET /healthz and /api/v1/status', () => {
  test('answer 200 with every component up while the database answers', async () => {
    const index = openTestIndex()
    const response = await get(healthApp(index), '/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', components: { db: 'up', torrent: 'up', queue: 'up', dht: 'inactive' } })
    const status = (await (await get(healthApp(index), '/api/v1/status')).json()) as Record<string, unknown>
    expect(status).toMatchObject({ version: '9.9.9', torrents: 0, health: 'up', components: { db: { status: 'up', error: null } } })
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(5)
  })

  test('answer 500 with the reason once the connection is closed', async () => {
    const index = openTestIndex()
    const app = healthApp(index)
    index.db.close()
    const response = await get(app, '/healthz')
    expect(response.status).toBe(500)
    const body = (await response.json()) as { status: string; error: string; components: Record<string, string> }
    expect(body.status).toBe('error')
    expect(body.error).toContain('database unreachable')
    expect(body.components.db).toBe('down')
    expect((await get(app, '/api/v1/status')).status).toBe(500)
  })

  test('the database is probed at most once a second; in between the answer comes from memory', async () => {
    const { db, store } = openTestIndex()
    let nowMs = 1_000_000
    const health = createHealthCheck({ store: store.health, workers: createWorkerRegistry(), nowMs: () => nowMs })
    const databaseChecks = async () => (await health.check()).checks.filter((check) => check.key !== 'dht')
    const first = await databaseChecks()
    db.close()
    nowMs += 999
    expect(await databaseChecks()).toEqual(first)
    nowMs += 1
    expect((await health.check()).checks.find((check) => check.key === 'db')).toMatchObject({ status: 'down', timestamp: nowMs })
  })

  test('say the queue is inactive when no queue worker runs', async () => {
    const { store } = openTestIndex()
    const health = createHealthCheck({ store: store.health, workers: createWorkerRegistry() })
    expect((await health.check()).checks.find((check) => check.key === 'queue')!.status).toBe('inactive')
  })
})

describe('createHealthCheck over a slow store', () => {
  test('checks that come while a probe runs share it; a store that rejects is down with its reason', async () => {
    let probes = 0
    const slow = {
      probe: async () => {
        probes++
        await Bun.sleep(20)
        return { db: null, torrent: null, queue: 'no such table: queue_jobs' }
      },
    }
    const health = createHealthCheck({ store: slow, workers: createWorkerRegistry(), nowMs: () => 1_000_000 })
    const [first, second] = await Promise.all([health.check(), health.check()])
    expect(probes).toBe(1)
    expect(second).toEqual(first)
    expect(first.status).toBe('up')
    expect(first.checks.find((check) => check.key === 'queue')).toMatchObject({
      status: 'down',
      error: 'database unreachable: no such table: queue_jobs',
    })
    const refusing = createHealthCheck({ store: { probe: () => Promise.reject(new Error('disk I/O error')) } })
    const report = await refusing.check()
    expect(report.status).toBe('down')
    expect(report.checks.filter((check) => check.key !== 'dht').map((check) => check.error)).toEqual([
      'database unreachable: disk I/O error',
      'database unreachable: disk I/O error',
      'database unreachable: disk I/O error',
    ])
  })
})

describe('the running service', () => {
  let service: RunningService
  afterAll(() => service?.child.kill('SIGKILL'))

  test('reports its status, and its metrics in the Prometheus text format', async () => {
    service = await startService({ DATA_DIR: makeTempDir() })
    const line = JSON.stringify({ infoHash: 'ab'.repeat(20), name: 'Some.Show.S01E01.720p.HDTV.x264-GRP', size: 1000 })
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: line })).status).toBe(200)
    await fetch(`${service.baseUrl}/torznab/api?t=search&q=some`)
    await fetch(`${service.baseUrl}/torznab/api?t=tvsearch&cat=5030`)
    const status = (await (await fetch(`${service.baseUrl}/api/v1/status`)).json()) as {
      torrents: number
      components: Record<string, { status: string }>
    }
    expect(status.torrents).toBe(1)
    expect(status.components.queue!.status).toBe('up')

    const response = await fetch(`${service.baseUrl}/metrics`)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    expect(text).toContain('indexer_torrents 1')
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/torznab\/api\/?",status="200"\} 2/)
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",method="POST",route="\/import"\}/)
    expect(text).toMatch(/ingest_torrents_total\{outcome="imported"\} 1/)
    expect(text).toMatch(/classifier_torrents_total\{content_type="tv_show"\} 1/)
    expect(text).toMatch(/search_duration_seconds_count\{kind="text"\} 1/)
    expect(text).toMatch(/search_duration_seconds_count\{kind="feed"\} 1/)
    expect(text).toMatch(/service_dht_client_request_concurrency\{request_type="get_peers"\} 0/)
    expect(text).toContain('process_resident_memory_bytes')
  })
})
