/**
 * The crawler pause button and the fetch form in a browser, over the whole service (core with a running
 * crawler on loopback, and the dashboard): a click pauses and resumes without a reload, and a
 * pasted hash appears in the list; no console error.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { openPage, screenshot } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'
import { freeUdpPort, waitFor } from '../../support/dht-probe'
import { ADMIN_HEADERS } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

let service: Awaited<ReturnType<typeof startWholeService>>
const dataDir = makeTempDir('crawler-browser-')
beforeAll(async () => {
  service = await startWholeService({
    DATA_DIR: dataDir,
    SERVICE_DHT_ENABLED: 'true',
    SERVICE_DHT_HOST: '127.0.0.1',
    SERVICE_DHT_PORT: String(await freeUdpPort()),
    SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
    SERVICE_DHT_SCHEDULE: '00:00-23:59',
  })
})
afterAll(() => service?.child.kill())

const coreCrawler = async () =>
  (
    (await (
      await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: '{"query":"{ crawler { mode running } }"}',
      })
    ).json()) as { data: { crawler: { mode: string; running: boolean } } }
  ).data.crawler
const core = async () => (await coreCrawler()).mode

test('the button pauses and resumes the crawler, and a fetch shows in the list, without a reload', async () => {
  // The worker thread binds its port a moment after the core listens.
  await waitFor(async () => (await coreCrawler()).running, 30_000, 50)
  const { page, errors } = await openPage(service.dashboardUrl)
  await page.goto(`${service.dashboardUrl}/`)
  await page.getByText('Crawls only 00:00-23:59').waitFor()
  await page.getByRole('button', { name: 'Pause crawling' }).click()
  await page.getByRole('button', { name: 'Resume crawling' }).waitFor()
  expect(await page.locator('#overview-crawler .tag').textContent()).toBe('Paused')
  expect(await core()).toBe('paused')
  await page.getByRole('button', { name: 'Resume crawling' }).click()
  await page.getByRole('button', { name: 'Pause crawling' }).waitFor()
  expect(await core()).not.toBe('paused')

  await page.getByLabel('Magnet links or info hashes, one a line').fill(`magnet:?xt=urn:btih:${'fe'.repeat(20)}&dn=Browser+Fetch`)
  await page.getByRole('button', { name: 'Fetch' }).click()
  await page.getByText('Asked for one torrent').waitFor()
  await page.getByRole('table', { name: 'Fetches by hash or magnet, newest first' }).getByText('Browser Fetch').waitFor()
  await screenshot(page, 'overview-crawler-control')
  expect(errors).toEqual([])
}, 60_000)
