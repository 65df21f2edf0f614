import { describe, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard-app'

describe('GET /api/settings/audit', () => {
  test('lists setting changes only, newest first, in the spec fields', async () => {
    const dashboard = openTestDashboard()
    dashboard.audit.record({
      kind: 'setting',
      key: 'log_level',
      action: 'override_set',
      oldValue: 'info',
      newValue: 'debug',
      changedBy: 'ann',
    })
    dashboard.audit.record({ kind: 'auth', key: 'api_key', action: 'auth_failed', newValue: 'wrong API key', changedBy: '10.0.0.9' })
    dashboard.audit.record({
      kind: 'setting',
      key: 'trust_proxy_headers',
      action: 'override_set',
      oldValue: false,
      newValue: true,
      changedBy: 'bob',
    })

    const { status, body } = await dashboard.request('/api/settings/audit')
    expect(status).toBe(200)
    expect(body.items).toHaveLength(2)
    expect(body.items[0]).toEqual({
      key: 'trust_proxy_headers',
      action: 'override_set',
      old_value: false,
      new_value: true,
      changed_by: 'bob',
      changed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    expect(body.items[1]).toMatchObject({ key: 'log_level', old_value: 'info', new_value: 'debug', changed_by: 'ann' })
  })

  test('returns at most `limit` rows, 100 by default', async () => {
    const dashboard = openTestDashboard()
    for (let i = 0; i < 105; i++) {
      dashboard.audit.record({ kind: 'setting', key: 'log_level', action: 'override_set', newValue: `v${i}`, changedBy: 'ann' })
    }
    expect((await dashboard.request('/api/settings/audit')).body.items).toHaveLength(100)
    const two = await dashboard.request('/api/settings/audit?limit=2')
    expect(two.body.items.map((item: { new_value: string }) => item.new_value)).toEqual(['v104', 'v103'])
    expect((await dashboard.request('/api/settings/audit?limit=1000')).body.items).toHaveLength(105)
  })

  test.each(['0', '1001', '-1', '2.5', 'abc', '', '01'])('limit=%p is a 400 naming limit', async (limit) => {
    const { status, body } = await openTestDashboard().request(`/api/settings/audit?limit=${limit}`)
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'bad_request', message: 'query.limit: must be a whole number from 1 to 1000' })
  })
})

describe('GET /api/audit', () => {
  test('lists every kind with id and kind, newest first', async () => {
    const dashboard = openTestDashboard()
    dashboard.audit.record({
      kind: 'setting',
      key: 'log_level',
      action: 'override_set',
      oldValue: 'info',
      newValue: 'warn',
      changedBy: 'ann',
    })
    dashboard.audit.record({ kind: 'health', key: 'core', action: 'core_unavailable', changedBy: 'dashboard' })
    dashboard.audit.record({ kind: 'auth', key: 'none', action: 'auth_failed', newValue: 'no credentials', changedBy: 'unknown' })

    const { status, body } = await dashboard.request('/api/audit')
    expect(status).toBe(200)
    expect(body.items.map((item: { kind: string }) => item.kind)).toEqual(['auth', 'health', 'setting'])
    expect(body.items[1]).toEqual({
      id: expect.any(String),
      kind: 'health',
      key: 'core',
      action: 'core_unavailable',
      old_value: null,
      new_value: null,
      changed_by: 'dashboard',
      changed_at: expect.any(String),
    })
    expect(Number(body.items[0].id)).toBeGreaterThan(Number(body.items[1].id))
  })

  test('kind filters; limit applies', async () => {
    const dashboard = openTestDashboard()
    for (const kind of ['auth', 'setting', 'auth', 'auth'] as const) dashboard.audit.record({ kind, key: 'k', action: 'a', changedBy: 'x' })
    expect((await dashboard.request('/api/audit?kind=auth')).body.items).toHaveLength(3)
    expect((await dashboard.request('/api/audit?kind=auth&limit=2')).body.items).toHaveLength(2)
    expect((await dashboard.request('/api/audit?kind=health')).body.items).toEqual([])
  })

  test('an unknown kind or a bad limit is a 400 naming the parameter', async () => {
    const dashboard = openTestDashboard()
    expect(await dashboard.request('/api/audit?kind=other')).toMatchObject({
      status: 400,
      body: { error: 'bad_request', message: 'query.kind: must be one of setting, auth, health, operator' },
    })
    expect(await dashboard.request('/api/audit?limit=5000')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('limit') },
    })
  })

  test('has no path that changes or removes rows, and the store refuses both', async () => {
    const dashboard = openTestDashboard()
    dashboard.audit.record({ kind: 'setting', key: 'log_level', action: 'override_set', changedBy: 'ann' })
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      expect((await dashboard.request('/api/audit', { method })).status).toBe(404)
      expect((await dashboard.request('/api/settings/audit', { method })).status).toBe(404)
    }
    expect(() => dashboard.store.sqlite.run("UPDATE audit_log SET changed_by = 'mallory'")).toThrow('append-only')
    expect(() => dashboard.store.sqlite.run('DELETE FROM audit_log')).toThrow('append-only')
  })
})
