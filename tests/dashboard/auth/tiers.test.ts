import { describe, expect, test } from 'bun:test'
import { SignJWT } from 'jose'
import { openTestDashboard, type TestDashboard } from '../../support/dashboard-app'

const KEY = 'dashboard-key-0123456789abcdef'
const SECRET = 'sso-secret-0123456789abcdef'
const UNAUTHORIZED = { error: 'unauthorized', message: expect.stringContaining('authentication required') }

const enforced = (env: Record<string, string> = {}) =>
  openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY, SSO_JWT_SECRET: SECRET, ...env } })

const me = (dashboard: TestDashboard, headers: Record<string, string> = {}, query = '') => dashboard.request(`/api/me${query}`, { headers })

/** A token as an SSO portal would mint it; `exp` in seconds from now (omitted when null). */
async function token(options: { secret?: string; alg?: string; sub?: string; expInSeconds?: number | null } = {}): Promise<string> {
  const nowSeconds = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({}).setProtectedHeader({ alg: options.alg ?? 'HS256' }).setSubject(options.sub ?? 'dana')
  const expInSeconds = options.expInSeconds === undefined ? 3600 : options.expInSeconds
  if (expInSeconds !== null) jwt.setExpirationTime(nowSeconds + expInSeconds)
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET))
}

/** A hand-made unsigned token (`alg: none`), the classic forgery. */
function unsignedToken(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.`
}

describe('with auth off', () => {
  test('every route is open and the identity is anonymous', async () => {
    const dashboard = openTestDashboard({ env: { DASHBOARD_API_KEY: KEY } })
    expect(await me(dashboard)).toMatchObject({ status: 200, body: { id: 'anonymous', method: 'none', display: 'Anonymous' } })
    expect(await me(dashboard, { 'x-api-key': 'wrong-key-0123456789' })).toMatchObject({ status: 200, body: { method: 'none' } })
    expect((await dashboard.request('/api/settings')).status).toBe(200)
    expect(dashboard.audit.list()).toEqual([])
  })

  test('AUTH_METHOD=none is open (with REQUIRE_AUTH=true it is refused at start: tests/config)', async () => {
    const dashboard = openTestDashboard({ env: { AUTH_METHOD: 'none', DASHBOARD_API_KEY: KEY } })
    expect(await me(dashboard)).toMatchObject({ status: 200, body: { method: 'none' } })
  })
})

describe('with auth enforced', () => {
  test('/healthz stays open; every /api route without credentials is a JSON 401', async () => {
    const dashboard = enforced()
    expect((await dashboard.request('/healthz')).status).toBe(200)
    const routes: [string, string][] = [
      ['GET', '/api/me'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings/overrides/log_level'],
      ['DELETE', '/api/settings/overrides/log_level'],
      ['POST', '/api/settings/regenerate-api-key'],
      ['GET', '/api/settings/audit'],
      ['GET', '/api/audit'],
      ['GET', '/api/notifications'],
      ['GET', '/api/wants'],
    ]
    for (const [method, path] of routes) {
      const answer = await dashboard.request(path, { method, json: method === 'PUT' ? { value: 'debug' } : undefined })
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 401, body: UNAUTHORIZED })
    }
    expect(dashboard.settings.value('log_level')).toBe('info')
  })

  test.each([
    ['query apikey', {}, `?apikey=${KEY}`],
    ['Authorization: Bearer', { authorization: `Bearer ${KEY}` }, ''],
    ['X-API-Key', { 'x-api-key': KEY }, ''],
  ])('tier 1: the key in %s is method api_key', async (_, headers, query) => {
    expect(await me(enforced(), headers as Record<string, string>, query)).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { id: 'api_key', method: 'api_key', display: 'API key' },
    })
  })

  test.each([
    ['query apikey', {}, '?apikey=wrong-key-0123456789abcdef'],
    ['Authorization: Bearer', { authorization: 'Bearer wrong-key-0123456789abcdef' }, ''],
    ['X-API-Key', { 'x-api-key': `${KEY}x` }, ''],
    ['X-API-Key, a prefix of the key', { 'x-api-key': KEY.slice(0, -1) }, ''],
  ])('tier 1: a wrong key in %s is a 401', async (_, headers, query) => {
    expect(await me(enforced(), headers as Record<string, string>, query)).toMatchObject({ status: 401, body: UNAUTHORIZED })
  })

  test('tier 1 with no DASHBOARD_API_KEY matches nothing', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true' } })
    expect((await me(dashboard, { 'x-api-key': 'any-key-0123456789abcdef' })).status).toBe(401)
  })

  test('tier 2: x-auth-user counts only while trust_proxy_headers is on', async () => {
    expect(await me(enforced(), { 'x-auth-user': 'erin' })).toMatchObject({ status: 401, body: UNAUTHORIZED })
    expect(await me(enforced({ TRUST_PROXY_HEADERS: 'true' }), { 'x-auth-user': 'erin' })).toMatchObject({
      status: 200,
      body: { id: 'erin', method: 'proxy_header', display: 'erin' },
    })
    // The other switch does not open this header.
    expect((await me(enforced({ TRUST_FORWARDED_USER: 'true' }), { 'x-auth-user': 'erin' })).status).toBe(401)
  })

  test('tier 3: X-Forwarded-User counts only while trust_forwarded_user is on', async () => {
    expect(await me(enforced(), { 'x-forwarded-user': 'frank' })).toMatchObject({ status: 401, body: UNAUTHORIZED })
    expect((await me(enforced({ TRUST_PROXY_HEADERS: 'true' }), { 'x-forwarded-user': 'frank' })).status).toBe(401)
    expect(await me(enforced({ TRUST_FORWARDED_USER: 'true' }), { 'x-forwarded-user': 'frank' })).toMatchObject({
      status: 200,
      body: { id: 'frank', method: 'forwarded_user', display: 'frank' },
    })
  })

  test.each([
    ['empty', ''],
    ['overlong', 'u'.repeat(257)],
    ['with a control character', 'eve\tadmin'],
  ])('a trusted header that is %s is a 401', async (_, name) => {
    const dashboard = enforced({ TRUST_PROXY_HEADERS: 'true', TRUST_FORWARDED_USER: 'true' })
    expect((await me(dashboard, { 'x-auth-user': name })).status).toBe(401)
    expect((await me(dashboard, { 'x-forwarded-user': name })).status).toBe(401)
    expect((await me(dashboard, { 'x-auth-user': 'u'.repeat(256) })).status).toBe(200)
  })

  test('tier 4: a valid HS256 session cookie is method oidc with sub as the identity', async () => {
    expect(await me(enforced(), { cookie: `other=1; indexer_session=${await token({ sub: 'gina' })}` })).toMatchObject({
      status: 200,
      body: { id: 'gina', method: 'oidc', display: 'gina' },
    })
  })

  test.each([
    ['alg none (unsigned)', async () => unsignedToken('gina')],
    ['signed with another secret', () => token({ secret: 'another-secret-0123456789' })],
    ['HS384, not HS256', () => token({ alg: 'HS384' })],
    ['expired', () => token({ expInSeconds: -5 })],
    ['without exp', () => token({ expInSeconds: null })],
    ['with an empty sub', () => token({ sub: '' })],
    ['not a JWT', async () => 'garbage'],
  ])('tier 4: a token %s is a 401', async (_, makeToken) => {
    expect(await me(enforced(), { cookie: `indexer_session=${await makeToken()}` })).toMatchObject({ status: 401, body: UNAUTHORIZED })
  })

  test('tiers go in spec order, and a failure falls to the next tier', async () => {
    const dashboard = enforced({ TRUST_PROXY_HEADERS: 'true' })
    const session = `indexer_session=${await token({ sub: 'gina' })}`
    expect((await me(dashboard, { 'x-api-key': KEY, 'x-auth-user': 'erin', cookie: session })).body.method).toBe('api_key')
    expect((await me(dashboard, { 'x-api-key': 'wrong-key-0123456789', 'x-auth-user': 'erin', cookie: session })).body.method).toBe(
      'proxy_header',
    )
    expect((await me(dashboard, { 'x-api-key': 'wrong-key-0123456789', cookie: session })).body.method).toBe('oidc')
  })
})

describe('AUTH_METHOD limits the tiers', () => {
  const attempts = async (dashboard: TestDashboard) => {
    const statusOf = async (headers: Record<string, string>) => (await me(dashboard, headers)).status
    return {
      key: await statusOf({ 'x-api-key': KEY }),
      proxy: await statusOf({ 'x-auth-user': 'erin' }),
      forwarded: await statusOf({ 'x-forwarded-user': 'frank' }),
      cookie: await statusOf({ cookie: `indexer_session=${await token()}` }),
    }
  }
  const trustingAll = { TRUST_PROXY_HEADERS: 'true', TRUST_FORWARDED_USER: 'true' }

  test('unset: all four tiers', async () => {
    expect(await attempts(enforced(trustingAll))).toEqual({ key: 200, proxy: 200, forwarded: 200, cookie: 200 })
  })

  test('apikey: tier 1 only', async () => {
    expect(await attempts(enforced({ ...trustingAll, AUTH_METHOD: 'apikey' }))).toEqual({
      key: 200,
      proxy: 401,
      forwarded: 401,
      cookie: 401,
    })
  })

  test('external: tiers 1-3', async () => {
    expect(await attempts(enforced({ ...trustingAll, AUTH_METHOD: 'external' }))).toEqual({
      key: 200,
      proxy: 200,
      forwarded: 200,
      cookie: 401,
    })
  })

  test('forms: tier 1 and the session cookie', async () => {
    expect(await attempts(enforced({ ...trustingAll, AUTH_METHOD: 'forms' }))).toEqual({
      key: 200,
      proxy: 401,
      forwarded: 401,
      cookie: 200,
    })
  })

  test('AUTH_METHOD turns auth on without REQUIRE_AUTH', async () => {
    const dashboard = openTestDashboard({ env: { AUTH_METHOD: 'apikey', DASHBOARD_API_KEY: KEY } })
    expect((await me(dashboard)).status).toBe(401)
    expect((await me(dashboard, { 'x-api-key': KEY })).status).toBe(200)
  })
})

describe('overrides apply to the next request, without a restart', () => {
  test('trust_proxy_headers and trust_forwarded_user', async () => {
    const dashboard = enforced()
    const asKey = { 'x-api-key': KEY }
    expect((await me(dashboard, { 'x-auth-user': 'erin' })).status).toBe(401)
    await dashboard.request('/api/settings/overrides/trust_proxy_headers', { method: 'PUT', json: { value: true }, headers: asKey })
    expect(await me(dashboard, { 'x-auth-user': 'erin' })).toMatchObject({ status: 200, body: { method: 'proxy_header' } })
    await dashboard.request('/api/settings/overrides/trust_proxy_headers', { method: 'DELETE', headers: asKey })
    expect((await me(dashboard, { 'x-auth-user': 'erin' })).status).toBe(401)

    expect((await me(dashboard, { 'x-forwarded-user': 'frank' })).status).toBe(401)
    await dashboard.request('/api/settings/overrides/trust_forwarded_user', { method: 'PUT', json: { value: true }, headers: asKey })
    expect(await me(dashboard, { 'x-forwarded-user': 'frank' })).toMatchObject({ status: 200, body: { method: 'forwarded_user' } })
  })

  test('an env switch that is on can be overridden off', async () => {
    const dashboard = enforced({ TRUST_PROXY_HEADERS: 'true' })
    expect((await me(dashboard, { 'x-auth-user': 'erin' })).status).toBe(200)
    const turnOff = { method: 'PUT', json: { value: false }, headers: { 'x-auth-user': 'erin' } }
    // A change to who is trusted, by a proxy user: confirmed with the dashboard key (DESIGN.md 7.2).
    expect((await dashboard.request('/api/settings/overrides/trust_proxy_headers', turnOff)).status).toBe(403)
    await dashboard.request('/api/settings/overrides/trust_proxy_headers', { ...turnOff, json: { value: false, confirm_key: KEY } })
    expect((await me(dashboard, { 'x-auth-user': 'erin' })).status).toBe(401)
  })

  test('sso_cookie_name changes which cookie is read', async () => {
    const dashboard = enforced()
    const session = await token({ sub: 'gina' })
    expect((await me(dashboard, { cookie: `indexer_session=${session}` })).status).toBe(200)
    await dashboard.request('/api/settings/overrides/sso_cookie_name', {
      method: 'PUT',
      json: { value: 'portal_sso' },
      headers: { 'x-api-key': KEY },
    })
    expect((await me(dashboard, { cookie: `indexer_session=${session}` })).status).toBe(401)
    expect(await me(dashboard, { cookie: `portal_sso=${session}` })).toMatchObject({ status: 200, body: { id: 'gina', method: 'oidc' } })
  })
})
