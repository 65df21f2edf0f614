import { describe, expect, test } from 'bun:test'
import { SETTING_RULES } from '../../../src/config'
import { SETTING_KEYS } from '../../../src/vocabulary'
import { openTestDashboard } from '../../support/dashboard-app'

const TORZNAB_KEY = 'env-torznab-key-0123456789'
const ARTWORK_KEY = 'env-artwork-key-abcdefghij'
const KEY = 'dashboard-key-0123456789abcdef'

describe('GET /api/settings', () => {
  test('lists every allowlisted key with its env default, secrets masked, none overridden', async () => {
    const dashboard = openTestDashboard({
      env: {
        TORZNAB_API_KEY: TORZNAB_KEY,
        ARTWORK_API_KEY: ARTWORK_KEY,
        SSO_COOKIE_NAME: 'my_session',
        TRUST_PROXY_HEADERS: 'true',
        LOG_LEVEL: 'warn',
      },
    })
    const { status, body } = await dashboard.request('/api/settings')
    expect(status).toBe(200)
    const graphqlUrl = `http://127.0.0.1:${dashboard.fakeCore!.port}/graphql`
    expect(body.items).toEqual([
      { key: 'torznab_api_key', default: '****6789', value: '****6789', overridden: false },
      {
        key: 'core_metrics_url',
        default: `http://127.0.0.1:${dashboard.fakeCore!.port}/metrics`,
        value: expect.any(String),
        overridden: false,
      },
      { key: 'sso_cookie_name', default: 'my_session', value: 'my_session', overridden: false },
      { key: 'artwork_api_key', default: '****ghij', value: '****ghij', overridden: false },
      { key: 'core_graphql_url', default: graphqlUrl, value: graphqlUrl, overridden: false },
      { key: 'trust_proxy_headers', default: true, value: true, overridden: false },
      { key: 'trust_forwarded_user', default: false, value: false, overridden: false },
      { key: 'log_level', default: 'warn', value: 'warn', overridden: false },
    ])
    expect(JSON.stringify(body)).not.toContain(TORZNAB_KEY)
  })

  test('unset secrets default to null', async () => {
    const { body } = await openTestDashboard().request('/api/settings')
    const secrets = body.items.filter((item: { key: string }) => item.key.endsWith('_api_key'))
    expect(secrets.map((item: { default: unknown; value: unknown }) => [item.default, item.value])).toEqual([
      [null, null],
      [null, null],
    ])
  })
})

describe('PUT /api/settings/overrides/:key', () => {
  test('stores a valid value: 200 with the Setting, effective on the next request', async () => {
    const dashboard = openTestDashboard({ env: { TORZNAB_API_KEY: TORZNAB_KEY } })
    const put = await dashboard.request('/api/settings/overrides/torznab_api_key', {
      method: 'PUT',
      json: { value: 'new-torznab-key-9876543210' },
    })
    expect(put).toMatchObject({ status: 200, body: { key: 'torznab_api_key', default: '****6789', value: '****3210', overridden: true } })
    expect(dashboard.settings.value('torznab_api_key')).toBe('new-torznab-key-9876543210')

    const trust = await dashboard.request('/api/settings/overrides/trust_forwarded_user', { method: 'PUT', json: { value: true } })
    expect(trust.body).toEqual({ key: 'trust_forwarded_user', default: false, value: true, overridden: true })
    const { body } = await dashboard.request('/api/settings')
    expect(body.items.filter((item: { overridden: boolean }) => item.overridden).map((item: { key: string }) => item.key)).toEqual([
      'torznab_api_key',
      'trust_forwarded_user',
    ])
  })

  test('an unknown key is a 404; a missing value is a 400', async () => {
    const dashboard = openTestDashboard()
    expect(await dashboard.request('/api/settings/overrides/database_path', { method: 'PUT', json: { value: '/tmp/x' } })).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: 'no setting "database_path" can be overridden' },
    })
    expect(await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: {} })).toMatchObject({
      status: 400,
      body: { error: 'bad_request', message: 'body.value: is required: the new value as JSON' },
    })
    expect((await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', body: 'not json' })).status).toBe(400)
    expect(dashboard.audit.list()).toEqual([])
  })

  const badValues: [string, unknown][] = [
    ['torznab_api_key', 'short'],
    ['torznab_api_key', 1234567890123456],
    ['torznab_api_key', 'has a space in the key 0123'],
    ['torznab_api_key', 'k'.repeat(129)],
    ['artwork_api_key', null],
    ['artwork_api_key', 'tab\tinside-the-key-0123456'],
    ['core_graphql_url', 'not a url'],
    ['core_graphql_url', 'ftp://core.lan/graphql'],
    ['core_graphql_url', 42],
    ['core_metrics_url', 'javascript:alert(1)'],
    ['core_metrics_url', ['http://core.lan/metrics']],
    ['sso_cookie_name', 'bad name'],
    ['sso_cookie_name', 'a;b'],
    ['sso_cookie_name', ''],
    ['sso_cookie_name', { name: 'x' }],
    ['trust_proxy_headers', 'true'],
    ['trust_proxy_headers', 1],
    ['trust_forwarded_user', null],
    ['log_level', 'verbose'],
    ['log_level', 'DEBUG'],
    ['log_level', 2],
  ]
  test.each(badValues)('%s = %p is a 400 naming the key and what it accepts', async (key, value) => {
    const dashboard = openTestDashboard()
    const { status, body } = await dashboard.request(`/api/settings/overrides/${key}`, { method: 'PUT', json: { value } })
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'bad_request', message: `${key} must be ${SETTING_RULES[key as keyof typeof SETTING_RULES].accepts}` })
    expect(dashboard.audit.list()).toEqual([])
    expect((await dashboard.request('/api/settings')).body.items.every((item: { overridden: boolean }) => !item.overridden)).toBe(true)
  })

  test('every key takes a valid value', async () => {
    const dashboard = openTestDashboard()
    const good: Record<string, unknown> = {
      torznab_api_key: 'a'.repeat(16),
      core_metrics_url: 'https://core.lan/metrics',
      sso_cookie_name: "__Host-s!#$%&'*+.^_`|~",
      artwork_api_key: 'b'.repeat(128),
      core_graphql_url: 'http://127.0.0.1:1/graphql',
      trust_proxy_headers: false,
      trust_forwarded_user: true,
      log_level: 'error',
    }
    for (const key of SETTING_KEYS) {
      const { status, body } = await dashboard.request(`/api/settings/overrides/${key}`, { method: 'PUT', json: { value: good[key] } })
      expect({ key, status, overridden: body.overridden }).toEqual({ key, status: 200, overridden: true })
      expect(dashboard.settings.value(key)).toBe(good[key] as never)
    }
  })
})

describe('DELETE /api/settings/overrides/:key', () => {
  test('restores the default: 200 with the Setting', async () => {
    const dashboard = openTestDashboard({ env: { LOG_LEVEL: 'warn' } })
    await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'debug' } })
    const { status, body } = await dashboard.request('/api/settings/overrides/log_level', { method: 'DELETE' })
    expect(status).toBe(200)
    // The core honours log_level too: the answer says it has the change.
    expect(body).toEqual({ key: 'log_level', default: 'warn', value: 'warn', overridden: false, core_sync: 'applied' })
    expect(dashboard.settings.value('log_level')).toBe('warn')
  })

  test('an unknown key is a 404; a key not overridden is a 200 with no audit row', async () => {
    const dashboard = openTestDashboard()
    expect((await dashboard.request('/api/settings/overrides/port', { method: 'DELETE' })).status).toBe(404)
    expect(await dashboard.request('/api/settings/overrides/log_level', { method: 'DELETE' })).toMatchObject({
      status: 200,
      body: { key: 'log_level', overridden: false },
    })
    expect(dashboard.audit.list()).toEqual([])
    expect(dashboard.fakeCore!.applied).toEqual([])
  })
})

describe('the audit of settings changes', () => {
  test('set, replace and clear are rows with old and new effective values and the identity', async () => {
    const dashboard = openTestDashboard({ env: { LOG_LEVEL: 'info' } })
    await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'debug' } })
    await dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value: 'error' } })
    await dashboard.request('/api/settings/overrides/log_level', { method: 'DELETE' })
    const { body } = await dashboard.request('/api/settings/audit')
    expect(body.items.map(({ changed_at: _, ...item }: { changed_at: string }) => item)).toEqual([
      { key: 'log_level', action: 'override_cleared', old_value: 'error', new_value: 'info', changed_by: 'anonymous' },
      { key: 'log_level', action: 'override_set', old_value: 'debug', new_value: 'error', changed_by: 'anonymous' },
      { key: 'log_level', action: 'override_set', old_value: 'info', new_value: 'debug', changed_by: 'anonymous' },
    ])
  })

  test('secrets are masked in the audit rows', async () => {
    const dashboard = openTestDashboard({ env: { ARTWORK_API_KEY: ARTWORK_KEY } })
    await dashboard.request('/api/settings/overrides/artwork_api_key', { method: 'PUT', json: { value: 'override-artwork-key-WXYZ' } })
    await dashboard.request('/api/settings/overrides/artwork_api_key', { method: 'DELETE' })
    const { body } = await dashboard.request('/api/settings/audit')
    expect(body.items.map((item: { old_value: unknown; new_value: unknown }) => [item.old_value, item.new_value])).toEqual([
      ['****WXYZ', '****ghij'],
      ['****ghij', '****WXYZ'],
    ])
    const stored = dashboard.store.sqlite.query('SELECT old_value, new_value FROM audit_log').all()
    expect(JSON.stringify(stored)).not.toContain('override-artwork')
    expect(JSON.stringify(stored)).not.toContain(ARTWORK_KEY)
  })

  test('changed_by names the identity and the method that made the change', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', TRUST_PROXY_HEADERS: 'true', DASHBOARD_API_KEY: KEY } })
    const setLogLevel = (value: string, headers: Record<string, string>) =>
      dashboard.request('/api/settings/overrides/log_level', { method: 'PUT', json: { value }, headers })
    await setLogLevel('debug', { 'x-auth-user': 'carol' })
    await setLogLevel('warn', { 'x-api-key': KEY })
    await setLogLevel('error', { cookie: (await dashboard.auth.issueSessionCookie('operator')).split(';')[0]! })
    expect(dashboard.audit.listSettingChanges().map((entry) => entry.changed_by)).toEqual([
      expect.stringMatching(/^forms:[0-9a-f]{16}$/),
      'api_key',
      'proxy_header:carol',
    ])
  })
})
