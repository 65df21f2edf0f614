/**
 * The overview's crawler button and fetch form, and the /api/crawler routes, against a real core
 * whose crawler runs (on loopback, with no network to find): each action reaches the core with
 * the Torznab key, comes back as the partial htmx swaps in, and leaves an audit row; a form from
 * another site and bad input change nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { freeUdpPort, waitFor } from '../../support/dht-probe'
import { openTestDashboard, sendJson, startTestCore, type TestDashboard } from '../../support/dashboard'
import { ADMIN_HEADERS } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const API_KEY = 'dashboard-crawler-key-0123456789'
let core: Awaited<ReturnType<typeof startTestCore>>
const dataDir = makeTempDir('crawler-dashboard-')
let dashboard: TestDashboard

const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true', 'sec-fetch-site': 'same-origin', ...headers },
  body: new URLSearchParams(fields).toString(),
})

const coreCrawler = async () => {
  const response = await fetch(core.graphqlUrl, sendJson('POST', { query: '{ crawler { mode paused } }' }, ADMIN_HEADERS))
  return ((await response.json()) as { data: { crawler: { mode: string; paused: boolean } } }).data.crawler
}

const operatorRows = async () =>
  (
    (await dashboard.json('/api/audit?kind=operator')).body as {
      items: { key: string; action: string; new_value: unknown; changed_by: string }[]
    }
  ).items

beforeAll(async () => {
  core = await startTestCore({
    DATA_DIR: dataDir,
    SERVICE_DHT_ENABLED: 'true',
    SERVICE_DHT_HOST: '127.0.0.1',
    SERVICE_DHT_PORT: String(await freeUdpPort()),
    SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
    TORZNAB_API_KEY: API_KEY,
  })
  dashboard = openTestDashboard({ coreUrl: core.graphqlUrl, env: { TORZNAB_API_KEY: API_KEY } })
  // The worker thread binds its port a moment after the core listens.
  await waitFor(async () => ((await dashboard.json('/api/crawler')).body as { running: boolean }).running, 30_000, 50)
})

afterAll(async () => {
  await dashboard?.close()
  core?.child.kill('SIGTERM')
  await core?.child.exited
})

describe('the crawler pause button', () => {
  test('the overview shows the crawler crawling, with a button to pause it, and the fetch form', async () => {
    const html = await (await dashboard.request('/')).text()
    expect(html).toContain('Crawling')
    expect(html).toMatch(/<button type="submit"[^>]*>\s*Pause crawling/)
    expect(html).not.toContain('role="switch"')
    expect(html).toContain('Magnet links or info hashes, one a line')
    expect(html).toContain('Nothing asked for yet.')
  })

  test('pausing answers the card as htmx swaps it, pauses the core and writes who did it to the audit log', async () => {
    const response = await dashboard.request('/overview/crawler', form({ paused: 'true' }))
    expect(response.status).toBe(200)
    const card = await response.text()
    expect(card).toStartWith('<div id="overview-crawler"')
    expect(card).toContain('Paused')
    expect(card).toMatch(/<button type="submit"[^>]*>\s*Resume crawling/)
    expect(await coreCrawler()).toEqual({ mode: 'paused', paused: true })
    expect((await operatorRows())[0]).toMatchObject({ key: 'crawler', action: 'crawler_paused', new_value: 'paused' })
    // The card refetches itself (a schedule's window may open while the page is open).
    expect(await (await dashboard.request('/overview/crawler')).text()).toContain('Resume crawling')
  })

  test('a form from another site, or a value that is not true or false, changes nothing', async () => {
    const before = (await operatorRows()).length
    const crossSite = await dashboard.request('/overview/crawler', form({ paused: 'false' }, { 'sec-fetch-site': 'cross-site' }))
    expect(crossSite.status).toBe(403)
    const bad = await dashboard.request('/overview/crawler', form({ paused: 'maybe' }))
    expect(bad.status).toBe(400)
    expect(await coreCrawler()).toEqual({ mode: 'paused', paused: true })
    expect((await operatorRows()).length).toBe(before)
  })

  test('the API resumes it, and refuses a body without a boolean', async () => {
    const refused = await dashboard.json('/api/crawler/paused', sendJson('PUT', { paused: 'no' }))
    expect(refused.status).toBe(400)
    const resumed = await dashboard.json('/api/crawler/paused', sendJson('PUT', { paused: false }))
    expect(resumed).toMatchObject({ status: 200, body: { mode: 'crawling', paused: false } })
    expect((await dashboard.json('/api/crawler')).body).toMatchObject({ enabled: true, running: true, mode: 'crawling' })
    expect((await operatorRows())[0]).toMatchObject({ action: 'crawler_resumed' })
  })
})

describe('the fetch form', () => {
  const hash = 'c0ffee'.repeat(6) + 'c0ff'

  test("a text that is neither a magnet nor a hash comes back in the form with the core's reason", async () => {
    const response = await dashboard.request('/overview/fetch', form({ targets: `${hash}\nnot-a-hash` }))
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('targets[1] is neither a magnet URI nor an info hash')
    expect(html).toContain('not-a-hash</textarea>')
    expect((await dashboard.json('/api/crawler/fetches')).body.items).toEqual([])
  })

  test('magnets and hashes, one a line, are asked for; the list shows them and refreshes on the event', async () => {
    const response = await dashboard.request('/overview/fetch', form({ targets: `  magnet:?xt=urn:btih:${hash}&dn=Wanted+Thing \n` }))
    expect(response.status).toBe(200)
    expect(response.headers.get('hx-trigger')).toBe('fetch-asked')
    expect(await response.text()).toContain('Asked for one torrent')
    const rows = await (await dashboard.request('/overview/fetches')).text()
    expect(rows).toContain('Wanted Thing')
    expect(rows).toMatch(/queued|searching/)
    expect((await operatorRows())[0]).toMatchObject({ key: 'fetch', action: 'fetch_requested', new_value: [hash] })
  })

  test('the API takes a list and refuses an empty one', async () => {
    expect((await dashboard.json('/api/crawler/fetches', sendJson('POST', { targets: [] }))).status).toBe(400)
    const asked = await dashboard.json('/api/crawler/fetches', sendJson('POST', { targets: ['ab'.repeat(20)] }))
    expect(asked.status).toBe(200)
    expect(asked.body.items).toMatchObject([{ infoHash: 'ab'.repeat(20), state: 'queued' }])
    const bad = await dashboard.json('/api/crawler/fetches', sendJson('POST', { targets: ['magnet:?dn=x'] }))
    expect(bad).toMatchObject({ status: 400, body: { error: 'bad_request' } })
  })
})
