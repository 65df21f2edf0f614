/**
 * Posters, live events and the demo seed as start.ts wires them: behind the dashboard's auth, and
 * the poster key read from the artwork_api_key setting per request.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config'
import { buildDashboard } from '../../../src/dashboard/start'
import { createLogger } from '../../../src/log'
import { makeTempDir } from '../../support/temp-dir'
import { FAKE_TMDB_KEY, startFakeTmdb } from '../posters/fake-tmdb'

const API_KEY = 'wired-test-dashboard-key-0123456789'
const tmdb = startFakeTmdb()
afterAll(() => tmdb.stop())

// A port nothing listens on: the core is absent, so the seed must answer 502.
const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
const absentCorePort = closed.port!
closed.stop(true)

const config = loadConfig({
  DATA_DIR: makeTempDir('dashboard-wired-'),
  REQUIRE_AUTH: 'true',
  DASHBOARD_API_KEY: API_KEY,
  ARTWORK_API_URL: tmdb.baseUrl,
})
const dashboard = buildDashboard(config, createLogger({ level: 'error', sink: () => {} }), {
  corePort: absentCorePort,
  watchIntervalMs: 3_600_000,
})
const app = dashboard.app.listen({ hostname: '127.0.0.1', port: 0 })
afterAll(async () => {
  await app.stop(true)
  await dashboard.close()
})
const baseUrl = `http://127.0.0.1:${app.server!.port}`
const withKey = { 'x-api-key': API_KEY }

describe('the wired dashboard', () => {
  test.each([
    ['GET', '/api/events'],
    ['GET', '/api/poster/550'],
    ['POST', '/api/seed-demo'],
  ])('%s %s needs an identity', async (method, path) => {
    const response = await fetch(`${baseUrl}${path}`, { method })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'unauthorized' })
  })

  test('GET /api/events streams what is published on the dashboard bus', async () => {
    const abort = new AbortController()
    const response = await fetch(`${baseUrl}/api/events`, { headers: withKey, signal: abort.signal })
    expect(response.headers.get('content-type')).toStartWith('text/event-stream')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = decoder.decode((await reader.read()).value)
    dashboard.events.publish({ type: 'stats', data: { totalTorrents: 3 } })
    while (!text.includes('event: stats')) text += decoder.decode((await reader.read()).value)
    expect(text).toBe('retry: 10000\n\nevent: stats\ndata: {"totalTorrents":3}\n\n')
    abort.abort()
  })

  test('the poster key is the artwork_api_key setting, read per request', async () => {
    tmdb.requests.length = 0
    expect((await fetch(`${baseUrl}/api/poster/550`, { headers: withKey })).status).toBe(404)
    expect(tmdb.requests).toEqual([])
    const put = await fetch(`${baseUrl}/api/settings/overrides/artwork_api_key`, {
      method: 'PUT',
      headers: { ...withKey, 'content-type': 'application/json' },
      body: JSON.stringify({ value: FAKE_TMDB_KEY }),
    })
    expect(put.status).toBe(200)
    const poster = await fetch(`${baseUrl}/api/poster/550`, { headers: withKey })
    expect(await poster.json()).toEqual({
      external_id: '550',
      media_type: 'movie',
      poster_url: 'https://image.tmdb.org/t/p/w500/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
    })
  })

  test('POST /api/seed-demo without a core is 502 core_unavailable', async () => {
    const response = await fetch(`${baseUrl}/api/seed-demo`, { method: 'POST', headers: withKey })
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ error: 'core_unavailable' })
  })
})
