import { describe, expect, test } from 'bun:test'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { loadSessionSecret, verifySessionToken } from '../../../src/dashboard/auth/session-token'
import { openTestDashboard } from '../../support/dashboard-app'
import { makeTempDir } from '../../support/temp-dir'

const KEY = 'dashboard-key-0123456789abcdef'

describe('issueSessionCookie', () => {
  test('sets an HS256 token under the cookie name, HttpOnly, SameSite=Lax, Path=/, expiring after SSO_SESSION_TTL', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', SSO_SESSION_TTL: '2h', SSO_COOKIE_NAME: 'my_session' } })
    const before = Math.floor(Date.now() / 1000)
    const cookie = await dashboard.auth.issueSessionCookie('hana')
    const after = Math.floor(Date.now() / 1000)
    const [pair, ...attributes] = cookie.split('; ')
    expect(pair).toStartWith('my_session=')
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=7200', 'Path=/', 'SameSite=Lax'])
    const token = pair!.slice('my_session='.length)
    expect(decodeProtectedHeader(token).alg).toBe('HS256')
    const claims = decodeJwt(token)
    expect(claims.sub).toBe('hana')
    // Two hours after it was issued, whatever second that fell in.
    expect(claims.exp! - 7200).toBeGreaterThanOrEqual(before)
    expect(claims.exp! - 7200).toBeLessThanOrEqual(after)
  })

  test('the cookie it issues signs the bearer in as method oidc', async () => {
    const dashboard = openTestDashboard({ env: { AUTH_METHOD: 'forms', DASHBOARD_API_KEY: KEY } })
    const cookie = (await dashboard.auth.issueSessionCookie('hana')).split(';')[0]!
    expect(await dashboard.request('/api/me', { headers: { cookie } })).toMatchObject({
      status: 200,
      body: { id: 'hana', method: 'oidc', display: 'hana' },
    })
  })

  test('uses the overridden cookie name', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY } })
    await dashboard.request('/api/settings/overrides/sso_cookie_name', {
      method: 'PUT',
      json: { value: 'renamed' },
      headers: { 'x-api-key': KEY },
    })
    expect(await dashboard.auth.issueSessionCookie('ivy')).toStartWith('renamed=')
  })
})

describe('the session secret', () => {
  test('without SSO_JWT_SECRET one is generated, kept in the store, and sessions survive a restart', async () => {
    const storeDir = makeTempDir()
    const first = openTestDashboard({ storeDir, env: { REQUIRE_AUTH: 'true' } })
    const stored = first.state.get('sso_jwt_secret')
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
    const cookie = (await first.auth.issueSessionCookie('jack')).split(';')[0]!
    await first.close()

    const second = openTestDashboard({ storeDir, env: { REQUIRE_AUTH: 'true' } })
    expect(second.state.get('sso_jwt_secret')).toBe(stored!)
    expect((await second.request('/api/me', { headers: { cookie } })).body).toMatchObject({ id: 'jack', method: 'oidc' })
  })

  test('SSO_JWT_SECRET wins and nothing is generated', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', SSO_JWT_SECRET: 'portal-shared-secret-0123' } })
    expect(dashboard.state.get('sso_jwt_secret')).toBeUndefined()
    const token = (await dashboard.auth.issueSessionCookie('kim')).split(';')[0]!.split('=')[1]!
    expect(await verifySessionToken(token, new TextEncoder().encode('portal-shared-secret-0123'))).toMatchObject({ subject: 'kim' })
  })

  test('two generated secrets differ', () => {
    const a = openTestDashboard()
    const b = openTestDashboard()
    expect(Buffer.from(loadSessionSecret({ state: a.state, configured: undefined })).toString()).not.toBe(
      Buffer.from(loadSessionSecret({ state: b.state, configured: undefined })).toString(),
    )
  })
})
