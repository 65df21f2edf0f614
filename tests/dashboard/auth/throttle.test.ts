import { describe, expect, test } from 'bun:test'
import { TooManyAuthFailuresError } from '../../../src/dashboard/auth/errors'
import { createFailureThrottle } from '../../../src/dashboard/auth/failure-throttle'
import type { Credentials } from '../../../src/dashboard/auth/model'
import { authServiceWithClock, openTestDashboard } from '../../support/dashboard-app'

const KEY = 'dashboard-key-0123456789abcdef'
const WRONG_KEY = 'wrong-key-fedcba9876543210'

describe('createFailureThrottle', () => {
  test('after maxFailures in a window an address waits until the oldest is a window old; others are never held', () => {
    const clock = { nowMs: 0 }
    const throttle = createFailureThrottle({ maxFailures: 3, windowMs: 60_000, maxAddresses: 100, nowMs: () => clock.nowMs })
    expect([throttle.noteFailure('a'), throttle.retryAfterMs('a')]).toEqual([false, 0])
    clock.nowMs = 10_000
    throttle.noteFailure('a')
    clock.nowMs = 20_000
    expect(throttle.noteFailure('a')).toBe(true)
    expect(throttle.retryAfterMs('a')).toBe(40_000)
    expect(throttle.retryAfterMs('b')).toBe(0)
    clock.nowMs = 59_999
    expect(throttle.retryAfterMs('a')).toBe(1)
    clock.nowMs = 60_000
    expect(throttle.retryAfterMs('a')).toBe(0)
  })

  test('remembers at most maxAddresses, forgetting the longest quiet first', () => {
    const throttle = createFailureThrottle({ maxFailures: 1, windowMs: 60_000, maxAddresses: 2, nowMs: () => 0 })
    for (const address of ['a', 'b', 'c']) throttle.noteFailure(address)
    expect(['a', 'b', 'c'].map((address) => throttle.retryAfterMs(address) > 0)).toEqual([false, true, true])
  })
})

describe('wrong dashboard keys per address (issue 29.6)', () => {
  function authAt() {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY } })
    const { auth, clock } = authServiceWithClock(dashboard)
    const attempt = (apiKey: string, clientAddress = '10.0.0.7') =>
      auth.authenticate({
        apiKeys: [apiKey],
        proxyUser: null,
        forwardedUser: null,
        sessionToken: null,
        clientAddress,
      } satisfies Credentials)
    return { dashboard, auth, clock, attempt }
  }

  test('five wrong keys a minute, then 429 for that address only, audited once; the right key elsewhere is never held', async () => {
    const { dashboard, auth, clock, attempt } = authAt()
    for (let i = 0; i < 5; i++) expect(await attempt(WRONG_KEY)).toBeNull()
    const refused = await attempt(KEY).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(TooManyAuthFailuresError)
    expect((refused as TooManyAuthFailuresError).retryAfterSeconds).toBe(60)
    expect(() => auth.signInWithKey(KEY, '10.0.0.7')).toThrow(TooManyAuthFailuresError)
    expect(await attempt(KEY, '10.0.0.8')).toMatchObject({ method: 'api_key' })
    clock.nowMs += 30_000
    expect(((await attempt(WRONG_KEY).catch((err: unknown) => err)) as TooManyAuthFailuresError).retryAfterSeconds).toBe(30)
    clock.nowMs += 30_000
    expect(await attempt(KEY)).toMatchObject({ method: 'api_key' })
    const throttled = dashboard.audit.list({ kind: 'auth' }).filter((row) => row.action === 'auth_throttled')
    expect(throttled.map((row) => row.changed_by)).toEqual(['10.0.0.7'])
  })

  test('over HTTP: X-API-Key guesses get 429 with Retry-After; behind a trusted proxy each client counts apart', async () => {
    const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY, TRUST_PROXY_HEADERS: 'true' } })
    // The proxy appends the address it saw: the first entry is whatever the client wrote.
    const from = (address: string, key: string) =>
      dashboard.request('/api/me', { headers: { 'x-api-key': key, 'x-forwarded-for': `1.2.3.4, ${address}` } })
    for (let i = 0; i < 5; i++) expect((await from('192.0.2.1', `${WRONG_KEY}${i}`)).status).toBe(401)
    const guess = await from('192.0.2.1', WRONG_KEY)
    expect(guess.status).toBe(429)
    expect(guess.body).toEqual({ error: 'too_many_requests', message: expect.stringContaining('too many wrong keys') })
    expect(Number(guess.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(guess.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await from('192.0.2.1', KEY)).status).toBe(429)
    expect((await from('192.0.2.2', KEY)).status).toBe(200)
    // A session or proxy identity from the held address is not a guess and is not held.
    expect((await dashboard.request('/api/me', { headers: { 'x-auth-user': 'owner', 'x-forwarded-for': '192.0.2.1' } })).status).toBe(200)
  })

  test('/login: the sixth wrong key a minute is a 429 page saying when to try again', async () => {
    const dashboard = openTestDashboard({ env: { AUTH_METHOD: 'forms', DASHBOARD_API_KEY: KEY } })
    const signIn = (key: string) =>
      dashboard.request('/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: key }).toString(),
      })
    for (let i = 0; i < 5; i++) expect((await signIn(WRONG_KEY)).status).toBe(401)
    const held = await signIn(KEY)
    expect(held.status).toBe(429)
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(held.headers.get('set-cookie')).toBeNull()
    expect(held.body).toContain('Too many wrong keys from your address. Try again in')
  })
})
