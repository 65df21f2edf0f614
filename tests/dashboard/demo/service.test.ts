/**
 * The demo seed against a started core (its /import, evidence intake and GraphQL over loopback
 * HTTP) and a real dashboard store; the wants feature is a recording stand-in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { createCoreClient, type CoreClient } from '../../../src/dashboard/core-client'
import { DEMO_EVIDENCE } from '../../../src/dashboard/demo/demo-activity'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { demoRoutes } from '../../../src/dashboard/demo/routes'
import { createDemoSeedService } from '../../../src/dashboard/demo/service'
import { createEventBus } from '../../../src/dashboard/events/event-bus'
import { createNotificationService } from '../../../src/dashboard/notifications/service'
import { createNotificationRepository, createStateRepository, createWantRepository, openDashboardStore } from '../../../src/dashboard/store'
import { createWantService } from '../../../src/dashboard/wants/service'
import { jsonErrors } from '../../../src/http'
import { createLogger } from '../../../src/log'
import { type RunningService, startService, TEST_ADMIN_KEY } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const log = createLogger({ level: 'error', sink: () => {} })
const dir = makeTempDir('demo-seed-test-')
const DEMO_COUNTS = { torrents: 20, evidence: 10, wants: 4, notifications: 3 }

let core: RunningService
beforeAll(async () => {
  core = await startService({ DATA_DIR: join(dir, 'core') }, 'core')
})
afterAll(() => core?.child.kill('SIGKILL'))

const coreClientAt = (baseUrl: string) =>
  createCoreClient({
    graphqlUrl: () => `${baseUrl}/graphql`,
    metricsUrl: () => `${baseUrl}/metrics`,
    torznabApiKey: () => undefined,
    adminKey: () => TEST_ADMIN_KEY,
    log,
  })

let dashboardCount = 0

/** A dashboard store, its notifications and wants, and the seed route over `coreClient`. */
function setUpDashboard(coreClient: CoreClient) {
  const store = openDashboardStore(join(dir, `dashboard-${dashboardCount++}.db`), log)
  afterAll(() => store.close())
  const state = createStateRepository(store.orm)
  const notifications = createNotificationService({ repository: createNotificationRepository(store.orm), events: createEventBus() })
  const wants = createWantService({ repository: createWantRepository(store.orm), notifications })
  const demo = createDemoSeedService({ core: coreClient, wants, notifications, state, log })
  const app = new Elysia().use(jsonErrors({ log })).use(demoRoutes({ demo }))
  const seed = async () => {
    const response = await app.handle(new Request('http://dashboard/api/seed-demo', { method: 'POST' }))
    return { status: response.status, body: await response.json() }
  }
  return { seed, state, wants, notifications }
}

/** The core's evidence about the demo torrents, once its queue has recorded at least `atLeast` reports. */
async function demoEvidence(client: CoreClient, atLeast: number) {
  type Items = { evidence: { items: { infoHash: string; client: string; type: string; result: string }[] } }
  const hashes = new Set(DEMO_RELEASES.map((release) => release.infoHash))
  const deadline = Date.now() + 30_000
  for (;;) {
    const data = await client.query<Items>('{ evidence(input: { limit: 500 }) { items { infoHash client type result } } }')
    const items = data.evidence.items.filter((item) => hashes.has(item.infoHash))
    if (items.length >= atLeast || Date.now() > deadline) return items
    await Bun.sleep(50)
  }
}

describe('POST /api/seed-demo', () => {
  test('the first call seeds; the next answers the same counts and adds nothing', async () => {
    const client = coreClientAt(core.baseUrl)
    const { seed, wants, notifications, state } = setUpDashboard(client)
    expect(await seed()).toEqual({ status: 200, body: { seeded: true, counts: DEMO_COUNTS } })
    // Dune is seeded fulfilled, the others active; its fulfilment is one of the notifications.
    expect(
      wants
        .list()
        .map((want) => [want.title, want.status])
        .sort(),
    ).toEqual([
      ['Dune: Part Two', 'fulfilled'],
      ['Project Hail Mary', 'active'],
      ['Severance', 'active'],
      ['The Dark Side of the Moon', 'active'],
    ])
    expect(notifications.list().filter((note) => note.type === 'want_fulfilled')).toHaveLength(1)
    // It links to the demo release that fulfilled it.
    const dune = wants.list().find((want) => want.title === 'Dune: Part Two')!
    expect(dune.fulfilled_by).toBe(DEMO_RELEASES.find((release) => release.name.startsWith('Dune.Part.Two'))!.infoHash)
    expect(notifications.list().map((notification) => notification.type)).toEqual([
      'crawler_warning',
      'webhook_delivery_failed',
      'want_fulfilled',
    ])
    expect(JSON.parse(state.get('demo_seed')!).counts).toEqual(DEMO_COUNTS)

    const evidence = await demoEvidence(client, DEMO_EVIDENCE.length)
    expect(evidence).toHaveLength(10)
    expect(new Set(evidence.map((item) => item.type))).toEqual(new Set(['grab', 'download', 'import']))
    expect(evidence.filter((item) => item.result === 'failed')).toEqual([
      {
        infoHash: DEMO_EVIDENCE.find((report) => report.result === 'failed')!.release.infoHash,
        client: 'radarr',
        type: 'download',
        result: 'failed',
      },
    ])
    expect(new Set(evidence.map((item) => item.client))).toEqual(new Set(['radarr', 'sonarr', 'lidarr', 'readarr']))

    expect(await seed()).toEqual({ status: 200, body: { seeded: false, counts: DEMO_COUNTS } })
    expect(wants.list()).toHaveLength(4)
    expect(notifications.list()).toHaveLength(3)
    await Bun.sleep(300)
    expect(await demoEvidence(client, 0)).toHaveLength(10)
  })

  test('the demo torrents are classified and searchable through the core GraphQL', async () => {
    type Search = {
      torrentContent: { search: { totalCount: number; items: { title: string; contentType: string; torrentSource: string }[] } }
    }
    const search = (text: string) =>
      coreClientAt(core.baseUrl).query<Search>(
        'query ($q: String) { torrentContent { search(input: { queryString: $q, limit: 50, totalCount: true }) { totalCount items { title contentType torrentSource } } } }',
        { q: text },
      )
    const all = await search('')
    expect(all.torrentContent.search.items.filter((item) => item.torrentSource === 'demo')).toHaveLength(20)
    const typeOf = async (text: string) => (await search(text)).torrentContent.search.items.map((item) => item.contentType)
    expect(await typeOf('oppenheimer')).toEqual(['movie'])
    expect(await typeOf('shogun')).toEqual(['tv_show', 'tv_show'])
    expect(await typeOf('fallout')).toEqual(['tv_show'])
    expect(await typeOf('random access memories')).toEqual(['music'])
    expect(await typeOf('dark side of the moon')).toEqual(['music'])
    expect(await typeOf('fourth wing')).toEqual(['ebook'])
    expect(await typeOf('project hail mary')).toEqual(['ebook'])
  })

  test('without the remembered seeding nothing is added twice: wants on (title, query), evidence on (torrent, type)', async () => {
    const client = coreClientAt(core.baseUrl)
    const { seed, wants, notifications, state } = setUpDashboard(client)
    await seed()
    await demoEvidence(client, DEMO_EVIDENCE.length)
    state.delete('demo_seed')
    expect(await seed()).toEqual({ status: 200, body: { seeded: true, counts: DEMO_COUNTS } })
    expect(wants.list()).toHaveLength(4)
    expect(notifications.list()).toHaveLength(3)
    await Bun.sleep(300)
    expect(await demoEvidence(client, 0)).toHaveLength(10)
  })

  test('concurrent calls seed once', async () => {
    const { seed, wants } = setUpDashboard(coreClientAt(core.baseUrl))
    const answers = await Promise.all([seed(), seed(), seed()])
    expect(answers.map((answer) => answer.body.seeded).sort()).toEqual([false, false, true])
    expect(answers.every((answer) => answer.status === 200 && Bun.deepEquals(answer.body.counts, DEMO_COUNTS))).toBe(true)
    expect(wants.list()).toHaveLength(4)
  })

  test('a core that cannot be reached is 502 core_unavailable and nothing is seeded', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const baseUrl = `http://127.0.0.1:${closed.port}`
    await closed.stop(true)
    const { seed, wants, notifications, state } = setUpDashboard(coreClientAt(baseUrl))
    const answer = await seed()
    expect(answer.status).toBe(502)
    expect(answer.body).toMatchObject({ error: 'core_unavailable' })
    expect(state.get('demo_seed')).toBeUndefined()
    expect(wants.list()).toEqual([])
    expect(notifications.list()).toEqual([])
  })
})
