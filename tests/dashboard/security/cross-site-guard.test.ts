import { afterAll, describe, expect, test } from 'bun:test'
import { openTestDashboard, sendJson } from '../../support/dashboard'

const dashboard = openTestDashboard()
afterAll(() => dashboard.close())

const want = { title: 'Alien', content_type: 'movie', query: 'alien 1979', priority: 'low' }
const post = (headers: Record<string, string>) => dashboard.json('/api/wants', sendJson('POST', want, headers))

describe('cross-site requests', () => {
  test('a change another site made the browser send is a 403 and changes nothing', async () => {
    const before = (await dashboard.json('/api/wants')).body.length
    const marked = await post({ 'sec-fetch-site': 'cross-site' })
    expect(marked).toEqual({ status: 403, body: { error: 'forbidden', message: expect.stringContaining('another site') } })
    expect((await post({ origin: 'http://evil.example', host: 'nas.local:8080' })).status).toBe(403)
    expect((await post({ origin: 'null', host: 'nas.local:8080' })).status).toBe(403)
    const deleted = await dashboard.request('/api/wants/x', { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(deleted.status).toBe(403)
    expect((await dashboard.json('/api/wants')).body.length).toBe(before)
  })

  test('the dashboard itself, scripts and reads pass', async () => {
    expect((await post({ origin: 'http://nas.local:8080', host: 'nas.local:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(201)
    // Behind nginx (Host rewritten to the upstream): the browser's marker decides.
    const proxied = { origin: 'https://dash.example.com', host: '127.0.0.1:8080' }
    expect((await post({ ...proxied, 'sec-fetch-site': 'same-origin' })).status).toBe(201)
    expect((await post({ ...proxied, 'x-forwarded-host': 'dash.example.com' })).status).toBe(201)
    expect((await post(proxied)).status).toBe(403)
    expect((await post({})).status).toBe(201) // curl, the *arr apps: no Origin, no Sec-Fetch-Site
    const read = await dashboard.request('/api/wants', { headers: { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' } })
    expect(read.status).toBe(200)
  })
})
