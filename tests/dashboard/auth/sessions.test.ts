import { describe, expect, test } from 'bun:test'
import { SignJWT } from 'jose'
import { openTestDashboard, type TestDashboard } from '../../support/dashboard-app'
import { makeTempDir } from '../../support/temp-dir'

const KEY = 'dashboard-key-0123456789abcdef'
const SECRET = 'sso-secret-0123456789abcdef'
const env = { AUTH_METHOD: 'forms', DASHBOARD_API_KEY: KEY, SSO_JWT_SECRET: SECRET }

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

/** Signs in at /login with `key` and returns the session cookie (`name=value`). */
async function signIn(dashboard: TestDashboard, key = KEY): Promise<string> {
  const answer = await dashboard.request('/login', form({ api_key: key }))
  expect(answer.status).toBe(303)
  return answer.headers.get('set-cookie')!.split(';')[0]!
}

const meWith = async (dashboard: TestDashboard, cookie: string) => (await dashboard.request('/api/me', { headers: { cookie } })).status

/** A token as an SSO portal sharing SSO_JWT_SECRET mints it: no session mark, issued at `issuedAtSeconds`. */
const portalToken = (issuedAtSeconds: number) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('portal-user')
    .setIssuedAt(issuedAtSeconds)
    .setExpirationTime(issuedAtSeconds + 3600)
    .sign(new TextEncoder().encode(SECRET))

describe('ending sessions (issue 29.5)', () => {
  test('sign-out ends that session on the server: its cookie, replayed, is refused; other sessions go on, across a restart', async () => {
    const storeDir = makeTempDir()
    const dashboard = openTestDashboard({ storeDir, env })
    const first = await signIn(dashboard)
    const second = await signIn(dashboard)
    expect(await meWith(dashboard, first)).toBe(200)
    const out = await dashboard.request('/logout', { method: 'POST', headers: { cookie: first } })
    expect(out.status).toBe(303)
    expect(out.headers.get('set-cookie')).toStartWith('indexer_session=; Max-Age=0')
    expect(await meWith(dashboard, first)).toBe(401)
    expect(await meWith(dashboard, second)).toBe(200)
    const failures = dashboard.audit.list({ kind: 'auth' }).filter((row) => row.action === 'auth_failed')
    expect(failures.map((row) => row.new_value)).toContain('session signed out')
    // The token is remembered by its hash only, never as itself.
    expect(JSON.stringify(dashboard.store.sqlite.query('SELECT * FROM ended_sessions').all())).not.toContain(first.split('=')[1]!)
    await dashboard.close()

    const restarted = openTestDashboard({ storeDir, env })
    expect(await meWith(restarted, first)).toBe(401)
    expect(await meWith(restarted, second)).toBe(200)
  })

  test("rotating the dashboard key ends every session made before, a portal's too; sessions made after work", async () => {
    const dashboard = openTestDashboard({ env })
    const before = await signIn(dashboard)
    const portalBefore = `indexer_session=${await portalToken(Math.floor(Date.now() / 1000) - 10)}`
    expect(await meWith(dashboard, portalBefore)).toBe(200)

    const rotated = await dashboard.request('/api/settings/regenerate-api-key', {
      method: 'POST',
      json: { target: 'dashboard' },
      headers: { 'x-api-key': KEY },
    })
    expect(rotated.status).toBe(200)
    expect(await meWith(dashboard, before)).toBe(401)
    expect(await meWith(dashboard, portalBefore)).toBe(401)

    const after = await signIn(dashboard, rotated.body.api_key)
    expect(await meWith(dashboard, after)).toBe(200)
    const portalAfter = `indexer_session=${await portalToken(Math.floor(Date.now() / 1000) + 1)}`
    expect(await meWith(dashboard, portalAfter)).toBe(200)
    // The old key signs nobody in any more.
    expect((await dashboard.request('/login', form({ api_key: KEY }))).status).toBe(401)
  })

  test('sign-out without a session, or with a forged one, only clears the cookie', async () => {
    const dashboard = openTestDashboard({ env })
    expect((await dashboard.request('/logout', { method: 'POST' })).status).toBe(303)
    expect((await dashboard.request('/logout', { method: 'POST', headers: { cookie: 'indexer_session=forged' } })).status).toBe(303)
    expect(dashboard.store.sqlite.query('SELECT count(*) AS n FROM ended_sessions').get()).toEqual({ n: 0 })
  })
})

describe('the Secure flag (issue 29.7)', () => {
  const cookieAttributes = (answer: { headers: Headers }) =>
    answer.headers
      .get('set-cookie')!
      .split('; ')
      .slice(1)
      .filter((attribute) => !attribute.startsWith('Max-Age'))

  test('an https DASHBOARD_PUBLIC_URL marks the session cookie Secure, at sign-in and sign-out', async () => {
    const dashboard = openTestDashboard({ env: { ...env, DASHBOARD_PUBLIC_URL: 'https://dash.example.com' } })
    expect(cookieAttributes(await dashboard.request('/login', form({ api_key: KEY })))).toEqual([
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      'Secure',
    ])
    expect(cookieAttributes(await dashboard.request('/logout', { method: 'POST' }))).toContain('Secure')
  })

  test('X-Forwarded-Proto: https marks it Secure only while the proxy is trusted', async () => {
    const viaHttps = { ...form({ api_key: KEY }), headers: { ...form({}).headers, 'x-forwarded-proto': 'https' } }
    const trusting = openTestDashboard({ env: { ...env, TRUST_PROXY_HEADERS: 'true' } })
    expect(cookieAttributes(await trusting.request('/login', viaHttps))).toContain('Secure')
    expect(cookieAttributes(await trusting.request('/login', form({ api_key: KEY })))).not.toContain('Secure')
    const untrusting = openTestDashboard({ env })
    expect(cookieAttributes(await untrusting.request('/login', viaHttps))).not.toContain('Secure')
    const plain = openTestDashboard({ env: { ...env, DASHBOARD_PUBLIC_URL: 'http://nas.lan:8080' } })
    expect(cookieAttributes(await plain.request('/login', form({ api_key: KEY })))).not.toContain('Secure')
  })
})
