import { afterAll, expect, test } from 'bun:test'
import { openTestDashboard } from '../../support/dashboard'

const dashboard = openTestDashboard({ env: { AUTH_METHOD: 'forms', DASHBOARD_API_KEY: 'dashboard-key-0123456789abcdef' } })
afterAll(() => dashboard.close())

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

test('a browser at an address with no page gets a page saying so, with the way back', async () => {
  const page = await dashboard.request('/nope', { headers: BROWSER })
  expect(page.status).toBe(404)
  expect(page.headers.get('content-type')).toStartWith('text/html')
  const html = await page.text()
  expect(html).toContain('<h1>Page not found</h1>')
  expect(html).toContain('<a href="/">Go to the overview</a>')
})

test('the API and other clients keep the JSON 404', async () => {
  for (const [path, headers] of [
    ['/api/nope', BROWSER],
    ['/nope', {}],
  ] as const) {
    const answer = await dashboard.request(path, { headers })
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ error: 'not_found', message: 'no such endpoint' })
  }
  const post = await dashboard.request('/nope', { method: 'POST', headers: { ...BROWSER, origin: 'http://localhost' } })
  expect(post.headers.get('content-type')).not.toStartWith('text/html')
})
