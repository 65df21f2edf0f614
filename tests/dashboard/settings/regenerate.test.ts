import { describe, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard-app'
import { makeTempDir } from '../../support/temp-dir'

const KEY = 'dashboard-key-0123456789abcdef'
const TORZNAB_KEY = 'env-torznab-key-0123456789'
const regenerate = (dashboard: ReturnType<typeof openTestDashboard>, init: RequestInit & { json?: unknown } = {}) =>
  dashboard.request('/api/settings/regenerate-api-key', { method: 'POST', ...init })

describe('POST /api/settings/regenerate-api-key', () => {
  test('without a body rotates the Torznab key: an audited, masked override pushed to the core', async () => {
    const dashboard = openTestDashboard({ env: { TORZNAB_API_KEY: TORZNAB_KEY } })
    const { status, body } = await regenerate(dashboard)
    expect(status).toBe(200)
    expect(body).toEqual({ target: 'torznab', api_key: expect.stringMatching(/^[0-9a-f]{64}$/), core_sync: 'applied' })
    expect(dashboard.settings.value('torznab_api_key')).toBe(body.api_key)
    expect(dashboard.fakeCore!.applied).toEqual([[{ key: 'torznab_api_key', value: body.api_key }]])
    expect(dashboard.audit.listSettingChanges()).toEqual([
      {
        key: 'torznab_api_key',
        action: 'override_set',
        old_value: '****6789',
        new_value: `****${body.api_key.slice(-4)}`,
        changed_by: 'anonymous',
        changed_at: expect.any(String),
      },
    ])
    const again = await regenerate(dashboard, { json: { target: 'torznab' } })
    expect(again.body.api_key).not.toBe(body.api_key)
    expect(JSON.stringify(dashboard.store.sqlite.query('SELECT * FROM audit_log').all())).not.toContain(body.api_key)
  })

  test('target dashboard: the old key is refused on the next request and the new one taken', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY } })
    const { status, body } = await regenerate(dashboard, { json: { target: 'dashboard' }, headers: { 'x-api-key': KEY } })
    expect(status).toBe(200)
    expect(body).toEqual({ target: 'dashboard', api_key: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect((await dashboard.request('/api/me', { headers: { 'x-api-key': KEY } })).status).toBe(401)
    expect(await dashboard.request('/api/me', { headers: { 'x-api-key': body.api_key } })).toMatchObject({
      status: 200,
      body: { method: 'api_key' },
    })
    expect(dashboard.audit.listSettingChanges()).toEqual([
      {
        key: 'dashboard_api_key',
        action: 'api_key_regenerated',
        old_value: '****cdef',
        new_value: `****${body.api_key.slice(-4)}`,
        changed_by: 'api_key',
        changed_at: expect.any(String),
      },
    ])
    // The Torznab key is untouched, and the core is not bothered.
    expect(dashboard.settings.value('torznab_api_key')).toBeNull()
    expect(dashboard.fakeCore!.applied).toEqual([])
  })

  test('a rotated dashboard key outlives a restart; DASHBOARD_API_KEY stays refused', async () => {
    const storeDir = makeTempDir()
    const env = { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY }
    const first = openTestDashboard({ storeDir, env })
    const rotated = (await regenerate(first, { json: { target: 'dashboard' }, headers: { 'x-api-key': KEY } })).body.api_key
    await first.close()
    const second = openTestDashboard({ storeDir, env })
    expect((await second.request('/api/me', { headers: { 'x-api-key': KEY } })).status).toBe(401)
    expect((await second.request(`/api/me?apikey=${rotated}`)).status).toBe(200)
  })

  test('a dashboard key can be made when none was set, where auth is off; a proxy user cannot confirm one into being', async () => {
    const open = openTestDashboard()
    const { body } = await regenerate(open, { json: { target: 'dashboard' } })
    expect(open.dashboardApiKey.current()).toBe(body.api_key)
    expect(open.audit.listSettingChanges()[0]).toMatchObject({ old_value: null, changed_by: 'anonymous' })

    const proxied = openTestDashboard({ env: { REQUIRE_AUTH: 'true', TRUST_PROXY_HEADERS: 'true' } })
    const refused = await regenerate(proxied, { json: { target: 'dashboard' }, headers: { 'x-auth-user': 'rita' } })
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'confirmation_required', message: expect.stringContaining('DASHBOARD_API_KEY') },
    })
    expect(proxied.dashboardApiKey.current()).toBeUndefined()
    expect(proxied.audit.listSettingChanges()).toEqual([])
  })

  test('needs an identity when auth is enforced: 401 and nothing rotated', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY } })
    expect(await regenerate(dashboard, { json: { target: 'dashboard' } })).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
    expect(await regenerate(dashboard, { json: { target: 'dashboard' }, headers: { 'x-api-key': 'wrong-key-0123456789' } })).toMatchObject({
      status: 401,
    })
    expect((await dashboard.request('/api/me', { headers: { 'x-api-key': KEY } })).status).toBe(200)
    expect(dashboard.audit.listSettingChanges()).toEqual([])
  })

  test('an unknown target or a body that is not JSON is a 400', async () => {
    const dashboard = openTestDashboard()
    expect(await regenerate(dashboard, { json: { target: 'core' } })).toMatchObject({
      status: 400,
      body: {
        error: 'bad_request',
        message: 'body: must be empty or {"target": "torznab" or "dashboard", "confirm_key": "<dashboard API key>"}',
      },
    })
    expect((await regenerate(dashboard, { json: { target: 7 } })).status).toBe(400)
    const refused = {
      status: 400,
      body: {
        error: 'bad_request',
        message: 'body: must be empty or {"target": "torznab" or "dashboard", "confirm_key": "<dashboard API key>"}',
      },
    }
    expect(await regenerate(dashboard, { body: '{oops', headers: { 'content-type': 'application/json' } })).toMatchObject(refused)
    // Whatever the content type says, a body that is not the JSON object rotates nothing.
    expect(await regenerate(dashboard, { body: 'dashboard', headers: { 'content-type': 'text/plain' } })).toMatchObject(refused)
    expect(await regenerate(dashboard, { json: ['dashboard'] })).toMatchObject(refused)
    expect(await regenerate(dashboard, { json: { target: 'dashboard', extra: 1 } })).toMatchObject(refused)
    expect(dashboard.audit.list()).toEqual([])
  })
})
