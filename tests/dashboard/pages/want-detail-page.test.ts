import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { XMLParser } from 'fast-xml-parser'
import { expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { sendJson, startWholeService } from '../../support/dashboard'

const TORZNAB_KEY = 'torznab-key-feed-0123456789'

let service: Awaited<ReturnType<typeof startWholeService>>
let wantId: string
beforeAll(async () => {
  service = await startWholeService({ TORZNAB_API_KEY: TORZNAB_KEY })
  expect((await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })).status).toBe(200)
  const want = await fetch(
    `${service.dashboardUrl}/api/wants`,
    sendJson('POST', { title: 'Dune again', content_type: 'movie', query: 'dune part two', priority: 'high' }),
  )
  wantId = ((await want.json()) as { id: string }).id
})
afterAll(() => service?.child.kill())

describe('a want’s page', () => {
  test('is reached from the wants list and shows its feed URL, the key masked on screen and whole when copied', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.dashboardUrl })
    await page.goto(`${service.dashboardUrl}/wants`)
    await page.getByRole('link', { name: 'Dune again' }).click()
    await page.waitForURL(`**/wants/${wantId}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dune again')
    const feed = page.getByRole('region', { name: 'Feed' })
    await feed.getByText(/apikey=••••••••6789$/).waitFor()
    expect(await feed.locator('.setup-value code').textContent()).not.toContain(TORZNAB_KEY)
    await feed.getByRole('button', { name: 'Copy Feed URL' }).click()
    const copied = String(await page.evaluate('navigator.clipboard.readText()'))
    const url = new URL(copied)
    expect(Object.fromEntries(url.searchParams)).toEqual({ t: 'search', q: 'dune part two', cat: '2000', apikey: TORZNAB_KEY })
    expect(url.origin).toBe(service.baseUrl)

    // The URL is a working feed: the core answers it as RSS, with the Dune release in it.
    const rss = await (await fetch(copied)).text()
    const titles = [new XMLParser().parse(rss).rss.channel.item].flat().map((item: { title: string }) => item.title)
    expect(titles.some((title) => title.startsWith('Dune.Part.Two.2024'))).toBe(true)
    await screenshot(page, 'want-detail')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('fits a 390 px phone in the dark', async () => {
    const { page, errors } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(`${service.dashboardUrl}/wants/${wantId}`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'want-detail-dark-390')
    expect(errors).toEqual([])
  })

  test('an unknown want is a 404 page in the layout', async () => {
    const response = await fetch(`${service.dashboardUrl}/wants/no-such-want`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1>Want not found</h1>')
    expect(html).toContain('href="/wants"')
  })
})
