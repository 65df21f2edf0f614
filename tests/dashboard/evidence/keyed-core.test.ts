/**
 * A core with a Torznab key guards its import and evidence intake with it: the dashboard sends the
 * key it knows (TORZNAB_API_KEY or its override) when it forwards a webhook or seeds the demo.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { openTestDashboard, sendJson, startTestCore, type TestDashboard } from '../../support/dashboard'

const KEY = 'keyed-core-0123456789abcdef'
let core: Awaited<ReturnType<typeof startTestCore>>
let dashboard: TestDashboard
beforeAll(async () => {
  core = await startTestCore({ TORZNAB_API_KEY: KEY })
  dashboard = openTestDashboard({ coreUrl: core.graphqlUrl, env: { TORZNAB_API_KEY: KEY } })
})
afterAll(async () => {
  await dashboard.close()
  core.child.kill()
})

test('POST /api/evidence reaches a keyed intake', async () => {
  const report = { info_hash: 'cd'.repeat(20), type: 'grab', result: 'success', client: 'sonarr' }
  expect((await fetch(`${core.baseUrl}/evidence/arr/sonarr`, sendJson('POST', report))).status).toBe(401)
  const forwarded = await dashboard.request('/api/evidence?instance=sonarr', sendJson('POST', report))
  expect(forwarded.status).toBe(202)
})

test('POST /api/seed-demo imports and reports through a keyed core', async () => {
  const { status, body } = await dashboard.json('/api/seed-demo', { method: 'POST' })
  expect(status).toBe(200)
  expect(body.seeded).toBe(true)
  expect(body.counts.torrents).toBeGreaterThan(0)
  expect(body.counts.evidence).toBeGreaterThan(0)
})
