import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { openTestDashboard, sendJson, startWholeService } from '../../support/dashboard'

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService()
  const seeded = await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })
  expect(seeded.status).toBe(200)
})
afterAll(() => service?.child.kill())

/** A tile's figure, found by its label as a person reads it. */
const tileValue = (page: Awaited<ReturnType<typeof openPage>>['page'], label: string) =>
  page.locator('.tile', { has: page.getByText(label, { exact: true }) }).locator('.value')

describe('/ in a browser', () => {
  test('shows the seed-demo figures, charts, crawler and recent evidence, with no console error and nothing fetched elsewhere', async () => {
    const stats = (await (await fetch(`${service.dashboardUrl}/api/stats`)).json()) as { totalTorrents: number; totalEvidence: number }
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview')
    expect(await tileValue(page, 'Torrents').textContent()).toBe(stats.totalTorrents.toLocaleString('en-US'))
    expect(await tileValue(page, 'Evidence reports').textContent()).toBe('10')
    expect(await tileValue(page, 'Last crawl').textContent()).toBe('never')
    expect(await tileValue(page, 'Cache hit ratio').textContent()).toMatch(/^\d+%$/)
    await page.getByRole('img', { name: /Last 24 hours, per hour: \d+ torrents/ }).waitFor()
    await page.getByRole('img', { name: /Last 7 days, per day/ }).waitFor()
    await page.getByText('Torrents by category').waitFor()
    expect(await page.locator('.category-name').allTextContents()).toContain('Movies')
    await page.getByText('DHT crawler:').waitFor()
    const evidence = page.getByRole('table', { name: 'The 20 most recent evidence reports' })
    await expectCount(evidence.getByRole('row'), 11)
    const dune = evidence.getByRole('row', { name: /Dune: Part Two/ }).first()
    await expectCount(dune.getByText('radarr'), 1)
    expect(await dune.getByRole('link').getAttribute('href')).toMatch(/^\/library\/[0-9a-f]{40}$/)
    await screenshot(page, 'overview')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('a new evidence report appears without a reload', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/`)
    const evidence = page.getByRole('table', { name: 'The 20 most recent evidence reports' })
    await evidence.getByRole('row').nth(10).waitFor()
    // The core's intake, as a client outside the dashboard sends it.
    const report = { info_hash: 'ab'.repeat(20), type: 'grab', result: 'success', client: 'radarr', title: 'Live Evidence Arrives' }
    const posted = await fetch(`${service.baseUrl}/evidence/arr/radarr`, sendJson('POST', report))
    expect(posted.status).toBe(202)
    await evidence.getByRole('row', { name: /Live Evidence Arrives/ }).waitFor()
    await tileValue(page, 'Evidence reports').getByText('11', { exact: true }).waitFor()
    // A report that names no title (the generic form often does not) shows the index's title, not a hash.
    const { items } = (await (await fetch(`${service.dashboardUrl}/api/torrents?q=oppenheimer`)).json()) as {
      items: { info_hash: string; title: string }[]
    }
    const untitled = { info_hash: items[0]!.info_hash, type: 'download', result: 'success', client: 'radarr' }
    expect((await fetch(`${service.baseUrl}/evidence/arr/radarr`, sendJson('POST', untitled))).status).toBe(202)
    await evidence.getByRole('row', { name: new RegExp(`${items[0]!.title.replaceAll('.', '\\.')}.*download`) }).waitFor()
    expect(errors).toEqual([])
  })

  test('fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'overview-phone')
  })
})

describe('pages without the core', () => {
  test('/, /evidence and /setup still render, with the banner where the core was needed', async () => {
    const alone = openTestDashboard()
    try {
      for (const path of ['/', '/evidence', '/evidence?offset=50', '/setup', '/overview/stats', '/overview/evidence', '/evidence/rows']) {
        const response = await alone.request(path)
        expect(response.status).toBe(200)
      }
      const overview = await (await alone.request('/')).text()
      expect(overview).toContain('The indexer core cannot be reached')
      expect(overview).toContain('Figures come back when the core does.')
      expect(await (await alone.request('/evidence')).text()).toContain('The indexer core cannot be reached')
      expect(await (await alone.request('/setup')).text()).toContain('/torznab/api')
    } finally {
      await alone.close()
    }
  })
})
