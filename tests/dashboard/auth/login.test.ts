import { afterAll, describe, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard'

const KEY = 'dashboard-key-0123456789abcdef'
const forms = openTestDashboard({ env: { AUTH_METHOD: 'forms', DASHBOARD_API_KEY: KEY } })
const apikeyOnly = openTestDashboard({ env: { AUTH_METHOD: 'apikey', DASHBOARD_API_KEY: KEY } })
const open = openTestDashboard()
afterAll(async () => {
  for (const dashboard of [forms, apikeyOnly, open]) await dashboard.close()
})

const signIn = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  forms.request('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  })

describe('/login (AUTH_METHOD=forms)', () => {
  test('the page has a labelled key field and a sign-in button, and is never cached', async () => {
    const page = await forms.request('/login?next=/wants')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toStartWith('text/html')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<label for="api_key">Dashboard API key</label>')
    expect(html).toContain('<input id="api_key" name="api_key" type="password"')
    expect(html).toContain('<button type="submit">Sign in</button>')
    expect(html).toContain('name="next" value="/wants"')
  })

  test('the right key sets a session cookie that the API then accepts; sign-out clears it', async () => {
    const response = await signIn({ api_key: KEY, next: '/library' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/library')
    const cookie = response.headers.get('set-cookie')!
    expect(cookie).toMatch(/^indexer_session=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/)
    const me = await forms.json('/api/me', { headers: { cookie: cookie.split(';')[0]! } })
    expect(me).toEqual({ status: 200, body: { id: 'operator', method: 'oidc', display: 'operator' } })
    const out = await forms.request('/logout', { method: 'POST' })
    expect(out.status).toBe(303)
    expect(out.headers.get('set-cookie')).toStartWith('indexer_session=; Max-Age=0')
  })

  test('a wrong key is a 401 page saying so, with no cookie, and an audit row', async () => {
    const response = await signIn({ api_key: 'not-the-key-0123456789' })
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await response.text()).toContain('That is not the dashboard API key.')
    const audit = await forms.json('/api/audit?kind=auth', { headers: { 'x-api-key': KEY } })
    expect(
      audit.body.items.some(
        (row: { action: string; new_value: string }) => row.action === 'auth_failed' && row.new_value === 'wrong API key',
      ),
    ).toBe(true)
  })

  test('next only ever leads within the dashboard', async () => {
    const elsewhere = ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']
    // Browsers drop tabs and newlines from a Location: each of these is `//evil.example`.
    elsewhere.push('/\t/evil.example/phish', '/\n/evil.example', '/\r\n/evil.example', '\\/evil.example', '/\t\\evil.example')
    // Dot segments resolve away, leaving `//evil.example` (review).
    elsewhere.push('/.//evil.example/phish', '/..//x', '/a/..//x', '/%2e//x', '/%2e%2e//x', '/./\\x', '/.\\/x', '/\t.//x', '/./../\\x')
    for (const next of elsewhere) expect([next, (await signIn({ api_key: KEY, next })).headers.get('location')]).toEqual([next, '/'])
    expect((await signIn({ api_key: KEY, next: '/library?q=dune#top' })).headers.get('location')).toBe('/library?q=dune#top')
  })

  test('an htmx request without a session moves the whole window to sign-in, back to the page it is on', async () => {
    const htmx = (currentUrl: string) =>
      forms.request('/library?q=dune', { headers: { 'hx-request': 'true', 'hx-current-url': currentUrl } })
    const answer = await htmx('http://nas.local:8080/wants?page=2')
    expect(answer.status).toBe(401)
    expect(answer.headers.get('hx-redirect')).toBe(`/login?next=${encodeURIComponent('/wants?page=2')}`)
    expect(answer.headers.get('location')).toBeNull()
    // A header that is no URL: the request's own path.
    expect((await htmx('http://[')).headers.get('hx-redirect')).toBe(`/login?next=${encodeURIComponent('/library?q=dune')}`)
  })

  test('another site cannot post the form', async () => {
    expect((await signIn({ api_key: KEY }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
  })

  test('a missing key field is a 400', async () => {
    expect((await signIn({ next: '/' })).status).toBe(400)
  })
})

test('there is no /login where no session cookie is read', async () => {
  expect((await apikeyOnly.request('/login')).status).toBe(404)
  expect((await open.request('/login')).status).toBe(404)
})
