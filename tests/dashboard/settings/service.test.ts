import { describe, expect, test } from 'bun:test'
import { safeJson } from '../../support/processes'
import { openTestDashboard, startFakeCore } from '../../support/dashboard-app'
import { makeTempDir } from '../../support/temp-dir'

const put = (dashboard: ReturnType<typeof openTestDashboard>, key: string, value: unknown) =>
  dashboard.request(`/api/settings/overrides/${key}`, { method: 'PUT', json: { value } })
const clear = (dashboard: ReturnType<typeof openTestDashboard>, key: string) =>
  dashboard.request(`/api/settings/overrides/${key}`, { method: 'DELETE' })

describe('pushing overrides to the core', () => {
  test('each change of a core-honoured key sends the whole set before the answer; dashboard-only keys send nothing', async () => {
    const dashboard = openTestDashboard()
    const applied = dashboard.fakeCore!.applied
    await put(dashboard, 'torznab_api_key', 'torznab-override-0123456789')
    expect(applied).toEqual([[{ key: 'torznab_api_key', value: 'torznab-override-0123456789' }]])

    await put(dashboard, 'trust_proxy_headers', true)
    await put(dashboard, 'sso_cookie_name', 'other_cookie')
    await put(dashboard, 'core_metrics_url', 'http://127.0.0.1:9/metrics')
    expect(applied).toHaveLength(1)

    await put(dashboard, 'log_level', 'debug')
    await put(dashboard, 'artwork_api_key', 'artwork-override-abcdefghij')
    expect(applied.at(-1)).toEqual([
      { key: 'torznab_api_key', value: 'torznab-override-0123456789' },
      { key: 'log_level', value: 'debug' },
      { key: 'artwork_api_key', value: 'artwork-override-abcdefghij' },
    ])
    expect(dashboard.settings.coreOverrides()).toEqual(applied.at(-1)!)

    // A key left out reverts to the core's env value.
    await clear(dashboard, 'torznab_api_key')
    expect(applied.at(-1)).toEqual([
      { key: 'log_level', value: 'debug' },
      { key: 'artwork_api_key', value: 'artwork-override-abcdefghij' },
    ])
  })

  test('quick successive changes reach the core in order, the last set last', async () => {
    const dashboard = openTestDashboard()
    await Promise.all(['debug', 'warn', 'error'].map((level) => put(dashboard, 'log_level', level)))
    expect(dashboard.fakeCore!.applied.at(-1)).toEqual([{ key: 'log_level', value: 'error' }])
  })

  test('a core that cannot be reached: the override is stored (200), and syncCore pushes it later', async () => {
    const dashboard = openTestDashboard()
    // Port 1 refuses connections: the core is "down".
    await put(dashboard, 'core_graphql_url', 'http://127.0.0.1:1/graphql')
    const { status, body } = await put(dashboard, 'log_level', 'warn')
    expect(status).toBe(200)
    // The answer says the core does not have it yet.
    expect(body).toEqual({
      key: 'log_level',
      default: 'info',
      value: 'warn',
      overridden: true,
      core_sync: 'pending',
      message: expect.stringContaining('the core cannot be reached now'),
    })
    expect(dashboard.fakeCore!.applied).toEqual([])
    expect(dashboard.logLines.map((line) => safeJson(line)?.msg)).toContain('setting overrides not pushed to the core; a later sync will')

    await clear(dashboard, 'core_graphql_url')
    await dashboard.settings.syncCore()
    expect(dashboard.fakeCore!.applied).toEqual([[{ key: 'log_level', value: 'warn' }]])
  })

  test.each([
    ['unauthorized', 'this mutation needs the core admin key'],
    ['bad_request', 'settings[0].value must be one of debug, info'],
  ])('a change the core refuses (%s) is a 502 core_refused, and nothing of it is kept', async (code, message) => {
    const dashboard = openTestDashboard({ env: { LOG_LEVEL: 'info' } })
    await put(dashboard, 'log_level', 'warn')
    const auditRows = dashboard.audit.list().length
    dashboard.fakeCore!.control.refuseWith = { code, message }
    for (const change of [() => put(dashboard, 'log_level', 'debug'), () => clear(dashboard, 'log_level')]) {
      const { status, body } = await change()
      expect(status).toBe(502)
      expect(body).toEqual({ error: 'core_refused', message: expect.stringContaining(message) })
    }
    const rotated = await dashboard.request('/api/settings/regenerate-api-key', { method: 'POST' })
    expect(rotated).toMatchObject({ status: 502, body: { error: 'core_refused' } })
    expect(dashboard.settings.value('log_level')).toBe('warn')
    expect(dashboard.settings.value('torznab_api_key')).toBeNull()
    expect(dashboard.audit.list()).toHaveLength(auditRows)
    expect(dashboard.store.sqlite.query('SELECT key, value FROM settings_overrides').all()).toEqual([{ key: 'log_level', value: '"warn"' }])
    // A dashboard-only key is not the core's to refuse.
    expect((await put(dashboard, 'trust_forwarded_user', true)).status).toBe(200)
  })

  test("the TMDB key goes to this process's core only, never to a core URL elsewhere; the core's own keys go to the core", async () => {
    const dashboard = openTestDashboard()
    const elsewhere = startFakeCore()
    await put(dashboard, 'artwork_api_key', 'artwork-override-abcdefghij')
    expect(dashboard.fakeCore!.applied.at(-1)).toEqual([{ key: 'artwork_api_key', value: 'artwork-override-abcdefghij' }])

    await put(dashboard, 'core_graphql_url', elsewhere.graphqlUrl)
    await put(dashboard, 'torznab_api_key', 'torznab-override-0123456789')
    await put(dashboard, 'artwork_api_key', 'artwork-second-abcdefghijk')
    await dashboard.settings.syncCore()
    expect(elsewhere.applied.length).toBeGreaterThan(0)
    for (const set of elsewhere.applied) expect(set).toEqual([{ key: 'torznab_api_key', value: 'torznab-override-0123456789' }])
    expect(elsewhere.headers.map((headers) => headers.get('authorization'))).toContain('Bearer torznab-override-0123456789')
    expect(JSON.stringify(elsewhere.applied)).not.toContain('artwork-')

    await clear(dashboard, 'core_graphql_url')
    await dashboard.settings.syncCore()
    expect(dashboard.fakeCore!.applied.at(-1)).toContainEqual({ key: 'artwork_api_key', value: 'artwork-second-abcdefghijk' })
  })

  test('syncCore never throws, even when the core is gone', async () => {
    const dashboard = openTestDashboard()
    dashboard.fakeCore!.stop()
    await expect(dashboard.settings.syncCore()).resolves.toBeUndefined()
  })

  test('no value of a key reaches the log', async () => {
    const dashboard = openTestDashboard()
    await put(dashboard, 'torznab_api_key', 'secret-torznab-0123456789')
    dashboard.fakeCore!.stop()
    await put(dashboard, 'artwork_api_key', 'secret-artwork-0123456789')
    expect(dashboard.logLines.join('\n')).not.toContain('secret-')
  })
})

describe('value, onChange and log_level', () => {
  test('value() is the unmasked effective value; onChange is told each changed key', async () => {
    const dashboard = openTestDashboard({ env: { ARTWORK_API_KEY: 'env-artwork-key-abcdefghij' } })
    const changed: string[] = []
    const unsubscribe = dashboard.settings.onChange((key) => changed.push(key))
    dashboard.settings.onChange(() => {
      throw new Error('a broken listener')
    })
    expect(dashboard.settings.value('artwork_api_key')).toBe('env-artwork-key-abcdefghij')
    await put(dashboard, 'artwork_api_key', 'override-artwork-0123456789')
    expect(dashboard.settings.value('artwork_api_key')).toBe('override-artwork-0123456789')
    await put(dashboard, 'trust_forwarded_user', true)
    unsubscribe()
    await clear(dashboard, 'trust_forwarded_user')
    expect(changed).toEqual(['artwork_api_key', 'trust_forwarded_user'])
    expect(dashboard.logLines.map((line) => safeJson(line)?.msg)).toContain('setting change listener failed')
  })

  test("log_level moves the dashboard's log threshold at once and back on clear", async () => {
    const dashboard = openTestDashboard({ env: { LOG_LEVEL: 'info' } })
    expect(dashboard.logThreshold.level).toBe('info')
    await put(dashboard, 'log_level', 'error')
    expect(dashboard.logThreshold.level).toBe('error')
    await clear(dashboard, 'log_level')
    expect(dashboard.logThreshold.level).toBe('info')
  })
})

describe('keeping overrides', () => {
  test('overrides survive a restart; a stored row today’s rules refuse is skipped with a warning', async () => {
    const storeDir = makeTempDir()
    const first = openTestDashboard({ storeDir })
    await put(first, 'log_level', 'debug')
    await put(first, 'trust_proxy_headers', true)
    first.store.sqlite.run(
      "INSERT INTO settings_overrides (key, value, updated_at, updated_by) VALUES ('sso_cookie_name', '\"bad name\"', 'x', 'y'), ('old_key', '1', 'x', 'y')",
    )
    await first.close()

    const second = openTestDashboard({ storeDir })
    expect(second.settings.value('log_level')).toBe('debug')
    expect(second.logThreshold.level).toBe('debug')
    expect(second.settings.value('trust_proxy_headers')).toBe(true)
    expect(second.settings.value('sso_cookie_name')).toBe('indexer_session')
    const ignored = second.logLines.map((line) => safeJson(line)).filter((line) => line?.msg === 'stored setting override ignored')
    expect(ignored.map((line) => line?.key).sort()).toEqual(['old_key', 'sso_cookie_name'])
  })
})
