import { describe, expect, test } from 'bun:test'
import type { Credentials } from '../../../src/dashboard/auth/model'
import { authServiceWithClock, openTestDashboard } from '../../support/dashboard-app'

const KEY = 'dashboard-key-0123456789abcdef'
const WRONG_KEY = 'wrong-key-fedcba9876543210'

/** The auth service over a test dashboard's parts, with a clock the test moves. */
function authAt(env: Record<string, string> = {}) {
  const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY, ...env } })
  const { auth, clock, logLines } = authServiceWithClock(dashboard)
  const attempt = (credentials: Partial<Credentials>) =>
    auth.authenticate({ apiKeys: [], proxyUser: null, forwardedUser: null, sessionToken: null, clientAddress: '10.0.0.7', ...credentials })
  const authRows = () => dashboard.audit.list({ kind: 'auth' }).reverse()
  return { dashboard, clock, logLines, attempt, authRows }
}

describe('auth failures in the audit log', () => {
  test('a failure is a row: auth_failed, the tier tried, the reason, the client address', async () => {
    const { dashboard } = authAt({ TRUST_PROXY_HEADERS: 'true' })
    await dashboard.request('/api/me', { headers: { 'x-api-key': WRONG_KEY } })
    await dashboard.request('/api/me')
    await dashboard.request('/api/me', { headers: { 'x-forwarded-user': 'mallory' } })
    await dashboard.request('/api/me', { headers: { cookie: 'indexer_session=forged' } })
    const rows = dashboard.audit.list({ kind: 'auth' }).reverse()
    expect(
      rows.map(({ kind, key, action, old_value, new_value, changed_by }) => ({ kind, key, action, old_value, new_value, changed_by })),
    ).toEqual([
      { kind: 'auth', key: 'api_key', action: 'auth_failed', old_value: null, new_value: 'wrong API key', changed_by: 'unknown' },
      { kind: 'auth', key: 'none', action: 'auth_failed', old_value: null, new_value: 'no credentials', changed_by: 'unknown' },
      {
        kind: 'auth',
        key: 'forwarded_user',
        action: 'auth_failed',
        old_value: null,
        new_value: 'X-Forwarded-User sent but not trusted',
        changed_by: 'unknown',
      },
      { kind: 'auth', key: 'oidc', action: 'auth_failed', old_value: null, new_value: 'session token invalid', changed_by: 'unknown' },
    ])
    expect(dashboard.audit.listSettingChanges()).toEqual([])
  })

  test('the same failure from the same address is one row per minute', async () => {
    const { clock, attempt, authRows } = authAt()
    // Three: fewer than the throttle allows a minute (tests/dashboard/auth/throttle.test.ts).
    for (let i = 0; i < 3; i++) expect(await attempt({ apiKeys: [WRONG_KEY] })).toBeNull()
    expect(authRows()).toHaveLength(1)

    await attempt({ apiKeys: [WRONG_KEY], clientAddress: '10.0.0.8' })
    await attempt({ proxyUser: 'mallory' })
    expect(authRows().map((row) => [row.changed_by, row.new_value])).toEqual([
      ['10.0.0.7', 'wrong API key'],
      ['10.0.0.8', 'wrong API key'],
      ['10.0.0.7', 'x-auth-user sent but not trusted'],
    ])

    clock.nowMs += 59_999
    await attempt({ apiKeys: [WRONG_KEY] })
    expect(authRows()).toHaveLength(3)
    clock.nowMs += 1
    await attempt({ apiKeys: [WRONG_KEY] })
    expect(authRows()).toHaveLength(4)
  })

  test('a success after a failed tier records no failure', async () => {
    const { attempt, authRows } = authAt({ TRUST_PROXY_HEADERS: 'true' })
    expect(await attempt({ apiKeys: [WRONG_KEY], proxyUser: 'nina' })).toMatchObject({ id: 'nina', method: 'proxy_header' })
    expect(authRows().map((row) => row.action)).toEqual(['auth_succeeded'])
  })
})

describe('auth successes in the audit log', () => {
  test('the first success per identity per hour is a row keyed by the method, naming identity and method', async () => {
    const { clock, attempt, authRows } = authAt({ TRUST_PROXY_HEADERS: 'true' })
    for (let i = 0; i < 5; i++) await attempt({ apiKeys: [KEY] })
    await attempt({ proxyUser: 'olga' })
    await attempt({ proxyUser: 'olga', clientAddress: '10.0.0.9' })
    await attempt({ proxyUser: 'paul' })
    expect(authRows().map(({ key, action, new_value, changed_by }) => ({ key, action, new_value, changed_by }))).toEqual([
      { key: 'api_key', action: 'auth_succeeded', new_value: '10.0.0.7', changed_by: 'api_key' },
      { key: 'proxy_header', action: 'auth_succeeded', new_value: '10.0.0.7', changed_by: 'proxy_header:olga' },
      { key: 'proxy_header', action: 'auth_succeeded', new_value: '10.0.0.7', changed_by: 'proxy_header:paul' },
    ])

    clock.nowMs += 3_599_999
    await attempt({ apiKeys: [KEY] })
    expect(authRows()).toHaveLength(3)
    clock.nowMs += 1
    await attempt({ apiKeys: [KEY] })
    expect(authRows()).toHaveLength(4)
  })

  test('auth off records nothing', async () => {
    const dashboard = openTestDashboard()
    await dashboard.request('/api/me')
    await dashboard.request('/api/me', { headers: { 'x-api-key': WRONG_KEY } })
    expect(dashboard.audit.list()).toEqual([])
  })
})

describe('secrets stay out of the audit log and the log', () => {
  test('no presented key, token or session cookie is stored or logged', async () => {
    const { dashboard, attempt, logLines } = authAt({ SSO_JWT_SECRET: 'sso-secret-0123456789abcdef' })
    const cookie = await dashboard.auth.issueSessionCookie('quinn')
    const sessionToken = cookie.split(';')[0]!.split('=')[1]!
    await attempt({ apiKeys: [WRONG_KEY] })
    await attempt({ apiKeys: [KEY] })
    await attempt({ sessionToken })
    await attempt({ sessionToken: `${sessionToken}x` })
    await dashboard.request('/api/me', { headers: { 'x-api-key': `${WRONG_KEY}2` } })
    await dashboard.request('/api/me', { headers: { authorization: `Bearer ${KEY}` } })
    const stored = JSON.stringify(dashboard.store.sqlite.query('SELECT * FROM audit_log').all())
    const logged = [...logLines, ...dashboard.logLines].join('\n')
    for (const secret of [KEY, WRONG_KEY, sessionToken, 'sso-secret']) {
      expect(stored).not.toContain(secret)
      expect(logged).not.toContain(secret)
    }
  })
})
