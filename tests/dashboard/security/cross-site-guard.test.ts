import { afterAll, describe, expect, test } from 'bun:test'
import { openTestDashboard, sendJson } from '../../support/dashboard'

const dashboard = openTestDashboard()
const behindProxy = openTestDashboard({ env: { DASHBOARD_PUBLIC_URL: 'https://dash.example.com' } })
const trustingProxy = openTestDashboard({ env: { TRUST_PROXY_HEADERS: 'true' } })
afterAll(async () => {
  for (const open of [dashboard, behindProxy, trustingProxy]) await open.close()
})

const want = { title: 'Alien', content_type: 'movie', query: 'alien 1979', priority: 'low' }
const post = (headers: Record<string, string>, on = dashboard) => on.json('/api/wants', sendJson('POST', want, headers))
const statusOf = async (headers: Record<string, string>, on = dashboard) => (await post(headers, on)).status

describe('cross-site requests', () => {
  test('a change another site made the browser send is a 403 saying what to set, and changes nothing', async () => {
    const before = (await dashboard.json('/api/wants')).body.length
    const marked = await post({ 'sec-fetch-site': 'cross-site' })
    expect(marked).toEqual({ status: 403, body: { error: 'forbidden', message: expect.stringContaining('DASHBOARD_PUBLIC_URL') } })
    expect(await statusOf({ origin: 'http://evil.example', host: 'nas.local:8080' })).toBe(403)
    expect(await statusOf({ origin: 'null', host: 'nas.local:8080' })).toBe(403)
    const deleted = await dashboard.request('/api/wants/x', { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(deleted.status).toBe(403)
    expect((await dashboard.json('/api/wants')).body.length).toBe(before)
  })

  test('same-site is not same-origin: another port, a sibling subdomain or another scheme of the host is refused', async () => {
    const host = { host: 'nas.local:8080' }
    expect(await statusOf({ ...host, origin: 'http://nas.local:9999', 'sec-fetch-site': 'same-site' })).toBe(403)
    expect(await statusOf({ ...host, origin: 'https://nas.local:8080', 'sec-fetch-site': 'same-site' })).toBe(403)
    expect(await statusOf({ host: 'dash.home.example', origin: 'http://files.home.example', 'sec-fetch-site': 'same-site' })).toBe(403)
    // Without Origin, only the browser's own same-origin marker passes.
    for (const site of ['same-site', 'none', 'cross-site']) expect(await statusOf({ ...host, 'sec-fetch-site': site })).toBe(403)
    // A same-origin marker does not outweigh an Origin that is not ours.
    expect(await statusOf({ ...host, origin: 'http://nas.local:9999', 'sec-fetch-site': 'same-origin' })).toBe(403)
  })

  test('the dashboard itself, scripts and reads pass', async () => {
    expect(await statusOf({ origin: 'http://nas.local:8080', host: 'nas.local:8080', 'sec-fetch-site': 'same-origin' })).toBe(201)
    expect(await statusOf({ origin: 'http://NAS.local:80', host: 'nas.local' })).toBe(201)
    expect(await statusOf({ host: 'nas.local:8080', 'sec-fetch-site': 'same-origin' })).toBe(201)
    expect(await statusOf({})).toBe(201) // curl, the *arr apps: no Origin, no Sec-Fetch-Site
    const read = await dashboard.request('/api/wants', { headers: { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' } })
    expect(read.status).toBe(200)
  })

  test('behind a proxy: DASHBOARD_PUBLIC_URL names the page; forwarded headers count only while the proxy is trusted', async () => {
    // nginx's default: Host rewritten to the upstream.
    const proxied = { origin: 'https://dash.example.com', host: '127.0.0.1:8080', 'sec-fetch-site': 'same-origin' }
    const forwarded = { ...proxied, 'x-forwarded-host': 'dash.example.com', 'x-forwarded-proto': 'https' }
    expect(await statusOf(proxied, behindProxy)).toBe(201)
    expect(await statusOf({ ...proxied, origin: 'https://files.example.com' }, behindProxy)).toBe(403)
    // Untrusted, X-Forwarded-* is what anyone can send.
    expect(await statusOf(forwarded)).toBe(403)
    expect(await statusOf(proxied, trustingProxy)).toBe(403)
    expect(await statusOf(forwarded, trustingProxy)).toBe(201)
    // Caddy's way: Host kept, the scheme in X-Forwarded-Proto.
    expect(
      await statusOf({ origin: 'https://dash.example.com', host: 'dash.example.com', 'x-forwarded-proto': 'https' }, trustingProxy),
    ).toBe(201)
    expect(
      await statusOf({ ...forwarded, 'x-forwarded-host': 'dash.example.com, evil.example', origin: 'https://evil.example' }, trustingProxy),
    ).toBe(403)
  })
})
