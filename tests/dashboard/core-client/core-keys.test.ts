import { afterAll, describe, expect, test } from 'bun:test'
import { createCoreClient } from '../../../src/dashboard/core-client'
import { quietLog } from '../../support/test-index'
import { openTestDashboard } from '../../support/dashboard-app'

const ADMIN_KEY = 'core-admin-key-0123456789abcdef'
const TORZNAB_KEY = 'torznab-key-0123456789abcdef'

/** A loopback server that records each request's path and headers and answers what `answer` gives. */
function startRecorder(answer: (path: string) => Response) {
  const seen: { path: string; headers: Headers }[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname
      seen.push({ path, headers: request.headers })
      return answer(path)
    },
  })
  afterAll(() => server.stop(true))
  return { url: `http://127.0.0.1:${server.port}`, seen }
}

const METRICS = '# HELP up Whether the core is up.\n# TYPE up gauge\nup 1\n'
const metricsAnswer = () => new Response(METRICS, { headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' } })
const graphqlAnswer = (path: string) =>
  path.endsWith('/graphql')
    ? Response.json({ data: { ok: true } })
    : path === '/metrics'
      ? metricsAnswer()
      : Response.json({ accepted: true })

describe("the core's keys", () => {
  const core = startRecorder(graphqlAnswer)
  const elsewhere = startRecorder(metricsAnswer)
  const clientWith = (metricsUrl: string) =>
    createCoreClient({
      graphqlUrl: () => `${core.url}/graphql`,
      metricsUrl: () => metricsUrl,
      torznabApiKey: () => TORZNAB_KEY,
      adminKey: () => ADMIN_KEY,
      log: quietLog,
    })

  test("the admin key goes in X-Core-Admin-Key on every request to the core's origin; the Torznab Bearer to /import and the intake", async () => {
    const client = clientWith(`${core.url}/metrics`)
    await client.query('{ ok }')
    await client.importTorrents('{}')
    await client.forwardEvidence('sonarr', '{}', 'application/json')
    await client.metrics()
    expect(core.seen.map(({ path, headers }) => [path, headers.get('x-core-admin-key'), headers.get('authorization')])).toEqual([
      ['/graphql', ADMIN_KEY, `Bearer ${TORZNAB_KEY}`],
      ['/import', ADMIN_KEY, `Bearer ${TORZNAB_KEY}`],
      ['/evidence/arr/sonarr', ADMIN_KEY, `Bearer ${TORZNAB_KEY}`],
      ['/metrics', ADMIN_KEY, null],
    ])
  })

  test("an operator's GraphQL through /api/graphql carries no key; a metrics URL on another host gets none", async () => {
    core.seen.length = 0
    const client = clientWith(`${elsewhere.url}/metrics`)
    await client.forwardGraphql({ query: '{ ok }' })
    expect(await client.metrics()).toBe(METRICS)
    const sent = [...core.seen, ...elsewhere.seen]
    expect(sent.map(({ path }) => path)).toEqual(['/graphql', '/metrics'])
    for (const { headers } of sent) {
      expect(headers.get('x-core-admin-key')).toBeNull()
      expect(headers.get('authorization')).toBeNull()
    }
  })
})

describe('where the dashboard gets the admin key', () => {
  test("the key this process's core hands over wins over CORE_ADMIN_KEY; alone, the configured one is sent", async () => {
    const handedOver = openTestDashboard({ coreAdminKey: 'handed-over-key-0123456789', env: { CORE_ADMIN_KEY: ADMIN_KEY } })
    await handedOver.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'debug' } })
    expect(handedOver.fakeCore!.headers.at(-1)?.get('x-core-admin-key')).toBe('handed-over-key-0123456789')

    const configured = openTestDashboard({ env: { CORE_ADMIN_KEY: ADMIN_KEY } })
    await configured.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'debug' } })
    expect(configured.fakeCore!.headers.at(-1)?.get('x-core-admin-key')).toBe(ADMIN_KEY)

    const none = openTestDashboard()
    await none.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'debug' } })
    expect(none.fakeCore!.headers.at(-1)?.get('x-core-admin-key')).toBeNull()
  })

  test('a core that refuses the admin key: the change is a 502 saying so, and is not kept', async () => {
    const dashboard = openTestDashboard({ env: { CORE_ADMIN_KEY: ADMIN_KEY } })
    dashboard.fakeCore!.control.refuseWith = { code: 'unauthorized', message: 'this needs the core admin key (X-Core-Admin-Key)' }
    const { status, body } = await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'debug' } })
    expect(status).toBe(502)
    expect(body).toEqual({ error: 'core_refused', message: expect.stringContaining('CORE_ADMIN_KEY') })
    expect(dashboard.settings.list().find((setting) => setting.key === 'log_level')?.overridden).toBe(false)
  })
})
