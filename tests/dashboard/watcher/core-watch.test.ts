/**
 * The core watch against a real core: an import that matches an active want fulfils it and
 * notifies; a webhook batch given up after its retries notifies once; stats and new evidence go
 * out as events. (The crawler warning has its own file: it needs the crawler running.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { DashboardEvent } from '../../../src/dashboard/events/event-bus'
import { importIntoCore, openTestDashboard, sendJson, startTestCore, type TestDashboard, waitForEvidence } from '../../support/dashboard'
import { waitFor } from '../../support/dht-probe'

const hash = (n: number) => n.toString(16).padStart(40, '0')

let receiverHits = 0
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch() {
    receiverHits++
    return new Response('down for maintenance', { status: 503 })
  },
})
let core: Awaited<ReturnType<typeof startTestCore>>
let dashboard: TestDashboard
const events: DashboardEvent[] = []

beforeAll(async () => {
  core = await startTestCore({
    SERVICE_EVIDENCE_WEBHOOK_URL: `http://127.0.0.1:${receiver.port}/hook`,
    SERVICE_EVIDENCE_BATCH_SIZE: '1',
    SERVICE_EVIDENCE_WEBHOOK_BACKOFF: '10ms',
  })
  dashboard = openTestDashboard({ coreUrl: core.graphqlUrl })
  dashboard.dashboard.events.subscribe((event) => events.push(event))
})
afterAll(async () => {
  await dashboard.close()
  core.child.kill()
  receiver.stop(true)
})

const want = (body: object) => dashboard.json('/api/wants', sendJson('POST', body))
const notifications = async () => (await dashboard.json('/api/notifications')).body.items as { type: string; message: string }[]

describe('want fulfilment', () => {
  test('an import matching an active want fulfils it with a notification; paused and other types stay', async () => {
    const active = (await want({ title: 'Dune 2', content_type: 'movie', query: 'Dune part TWO', priority: 'high' })).body
    const paused = (await want({ title: 'Dune paused', content_type: 'movie', query: 'dune two', priority: 'low' })).body
    await dashboard.json(`/api/wants/${paused.id}`, sendJson('PUT', { status: 'paused' }))
    const show = (await want({ title: 'Dune show', content_type: 'tv', query: 'dune part two', priority: 'low' })).body
    await dashboard.dashboard.watch.tick() // registers the active wants with the core

    await importIntoCore(core.baseUrl, [{ infoHash: hash(1), name: 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GROUP', size: 4_000_000_000 }])
    await dashboard.dashboard.watch.tick()

    const byId = async (id: string) => (await dashboard.json('/api/wants')).body.find((w: { id: string }) => w.id === id)
    expect((await byId(active.id)).status).toBe('fulfilled')
    expect((await byId(paused.id)).status).toBe('paused')
    expect((await byId(show.id)).status).toBe('active')
    const fulfilled = (await notifications()).filter((n) => n.type === 'want_fulfilled')
    expect(fulfilled).toHaveLength(1)
    expect(fulfilled[0]!.message).toContain('Dune 2')
    expect(fulfilled[0]!.message).toContain('Dune.Part.Two.2024')
    expect(events.some((event) => event.type === 'notification')).toBe(true)

    // A later tick sees no new match: nothing moves twice.
    await dashboard.dashboard.watch.tick()
    expect((await notifications()).filter((n) => n.type === 'want_fulfilled')).toHaveLength(1)
  })

  test('a second matching release after fulfilment notifies nothing more', async () => {
    await importIntoCore(core.baseUrl, [{ infoHash: hash(2), name: 'Dune.Part.Two.2024.2160p.WEB-DL.x265-OTHER', size: 9_000_000_000 }])
    await dashboard.dashboard.watch.tick()
    expect((await notifications()).filter((n) => n.type === 'want_fulfilled')).toHaveLength(1)
  })
})

describe('webhook delivery failures', () => {
  test('a batch given up after its retries is notified once', async () => {
    await waitFor(async () => {
      await dashboard.dashboard.watch.tick()
      return (await notifications()).some((n) => n.type === 'webhook_delivery_failed')
    }, 60_000)
    expect(receiverHits).toBeGreaterThanOrEqual(4) // the first try and 3 retries
    const before = (await notifications()).filter((n) => n.type === 'webhook_delivery_failed').length
    await dashboard.dashboard.watch.tick()
    expect((await notifications()).filter((n) => n.type === 'webhook_delivery_failed').length).toBe(before)
    expect((await notifications()).find((n) => n.type === 'webhook_delivery_failed')!.message).toContain('given up')
  }, 60_000)
})

describe('stats and live events', () => {
  test('GET /api/stats has the spec fields from the core and the cache ratio', async () => {
    const { status, body } = await dashboard.json('/api/stats')
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(
      [
        'cacheHitRatio',
        'categoryBreakdown',
        'dhtPeerCount',
        'indexerThroughput',
        'lastCrawlAt',
        'storage',
        'totalEvidence',
        'totalReleases',
        'totalTorrents',
        'uptimeSeconds',
      ].sort(),
    )
    expect(body.totalTorrents).toBe(2)
    expect(body.categoryBreakdown).toEqual({ movie: 2 })
    expect(body.indexerThroughput).toBeGreaterThan(0)
    expect(body.lastCrawlAt).toBeNull() // imported, not crawled
    const again = (await dashboard.json('/api/stats')).body
    expect(again.cacheHitRatio).toBeGreaterThan(0)
    expect(again.cacheHitRatio).toBeLessThanOrEqual(1)
  })

  test('each tick publishes stats; new evidence is published once, oldest first', async () => {
    await dashboard.dashboard.watch.tick()
    const seen = events.length
    for (const type of ['grab', 'import'])
      await fetch(
        `${core.baseUrl}/evidence/arr/radarr`,
        sendJson('POST', { info_hash: hash(1), type, result: 'success', client: 'radarr' }),
      )
    await waitForEvidence(core.graphqlUrl, 2)
    await dashboard.dashboard.watch.tick()
    await dashboard.dashboard.watch.tick()
    const fresh = events.slice(seen)
    expect(fresh.filter((event) => event.type === 'stats')).toHaveLength(2)
    const evidence = fresh.filter((event) => event.type === 'evidence').map((event) => event.data as { type: string; info_hash: string })
    expect(evidence.map((report) => report.type)).toEqual(['grab', 'import'])
    expect(evidence[0]!.info_hash).toBe(hash(1))
  })
})
