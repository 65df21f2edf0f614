import { describe, expect, test } from 'bun:test'
import { SignJWT } from 'jose'
import { CONFIRMED_SETTINGS } from '../../../src/dashboard/settings/model'
import { openTestDashboard, type TestDashboard } from '../../support/dashboard-app'

const KEY = 'dashboard-key-0123456789abcdef'
const SECRET = 'sso-secret-0123456789abcdef'

const enforced = () =>
  openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY, SSO_JWT_SECRET: SECRET, TRUST_PROXY_HEADERS: 'true' } })
const asProxyUser = { 'x-auth-user': 'owner' }
const put = (dashboard: TestDashboard, key: string, json: object, headers: Record<string, string>) =>
  dashboard.request(`/api/settings/overrides/${key}`, { method: 'PUT', json, headers })

/** A session cookie as /login makes it (with its mark), signed in `ageSeconds` ago. */
async function sessionSignedIn(ageSeconds: number): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000) - ageSeconds
  const token = await new SignJWT({ sid: '0123456789abcdef', gen: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('operator')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 86_400)
    .sign(new TextEncoder().encode(SECRET))
  return `indexer_session=${token}`
}

describe('changes that widen trust or replace a key ask for the dashboard key (DESIGN.md 7.2)', () => {
  test('inside a session: refused with 403 and nothing changed; the key in confirm_key or X-Confirm-Key lets it through', async () => {
    const dashboard = enforced()
    const refused = await put(dashboard, 'trust_forwarded_user', { value: true }, asProxyUser)
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'confirmation_required', message: expect.stringContaining('confirm_key') },
    })
    expect(dashboard.settings.value('trust_forwarded_user')).toBe(false)
    expect(dashboard.audit.listSettingChanges()).toEqual([])

    expect((await put(dashboard, 'trust_forwarded_user', { value: true, confirm_key: KEY }, asProxyUser)).status).toBe(200)
    expect((await put(dashboard, 'sso_cookie_name', { value: 'other' }, { ...asProxyUser, 'x-confirm-key': KEY })).status).toBe(200)
    const cleared = await dashboard.request('/api/settings/overrides/sso_cookie_name', { method: 'DELETE', headers: asProxyUser })
    expect(cleared.status).toBe(403)
    const confirmedClear = await dashboard.request('/api/settings/overrides/sso_cookie_name', {
      method: 'DELETE',
      headers: { ...asProxyUser, 'x-confirm-key': KEY },
    })
    expect(confirmedClear.status).toBe(200)
    expect(dashboard.audit.listSettingChanges().map((row) => [row.key, row.changed_by])).toEqual([
      ['sso_cookie_name', 'proxy_header:owner'],
      ['sso_cookie_name', 'proxy_header:owner'],
      ['trust_forwarded_user', 'proxy_header:owner'],
    ])
  })

  test('every such change asks: the trust switches, the cookie name, the core URLs, the Torznab key, both key rotations', async () => {
    const dashboard = enforced()
    const values: Record<string, unknown> = {
      trust_proxy_headers: false,
      trust_forwarded_user: true,
      sso_cookie_name: 'other',
      core_graphql_url: 'http://attacker.example/graphql',
      core_metrics_url: 'http://attacker.example/metrics',
      torznab_api_key: 'attacker-chosen-key-0123',
    }
    expect([...CONFIRMED_SETTINGS].sort() as string[]).toEqual(Object.keys(values).sort())
    for (const [key, value] of Object.entries(values))
      expect([key, (await put(dashboard, key, { value }, asProxyUser)).status]).toEqual([key, 403])
    for (const target of ['torznab', 'dashboard']) {
      const rotation = await dashboard.request('/api/settings/regenerate-api-key', {
        method: 'POST',
        json: { target },
        headers: asProxyUser,
      })
      expect([target, rotation.status]).toEqual([target, 403])
    }
    expect(dashboard.fakeCore!.applied).toEqual([])
    expect(dashboard.dashboardApiKey.current()).toBe(KEY)
    // log_level and the artwork key widen nothing.
    expect((await put(dashboard, 'log_level', { value: 'debug' }, asProxyUser)).status).toBe(200)
    expect((await put(dashboard, 'artwork_api_key', { value: 'artwork-key-0123456789' }, asProxyUser)).status).toBe(200)
  })

  test('a wrong confirm key is refused, audited and counted with the other wrong keys of the address', async () => {
    const dashboard = enforced()
    const guess = (i: number) =>
      put(
        dashboard,
        'trust_forwarded_user',
        { value: true, confirm_key: `wrong-key-000000000${i}` },
        { ...asProxyUser, 'x-forwarded-for': '192.0.2.9' },
      )
    for (let i = 0; i < 5; i++)
      expect(await guess(i)).toMatchObject({ status: 403, body: { message: expect.stringContaining('not the dashboard API key') } })
    const held = await guess(5)
    expect(held.status).toBe(429)
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(dashboard.settings.value('trust_forwarded_user')).toBe(false)
    const reasons = dashboard.audit.list({ kind: 'auth' }).map((row) => row.new_value)
    expect(reasons).toContain('confirmation with a wrong API key')
  })

  test('no confirmation for the API key itself, a sign-in of the last 5 minutes, or where auth is off', async () => {
    const dashboard = enforced()
    expect((await put(dashboard, 'trust_forwarded_user', { value: true }, { 'x-api-key': KEY })).status).toBe(200)
    expect((await put(dashboard, 'sso_cookie_name', { value: 'fresh' }, { cookie: await sessionSignedIn(60) })).status).toBe(200)
    const stale = await put(
      dashboard,
      'sso_cookie_name',
      { value: 'stale' },
      { cookie: (await sessionSignedIn(6 * 60)).replace('indexer_session', 'fresh') },
    )
    expect(stale.status).toBe(403)
    const open = openTestDashboard()
    expect((await put(open, 'trust_proxy_headers', { value: true }, {})).status).toBe(200)
  })
})
