import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { sendJson, startWholeService, waitForEvidence } from '../../support/dashboard'

const REPORTS = 55
const hashOf = (index: number) => index.toString(16).padStart(40, '0')

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService()
  // Oldest first, a minute apart, so report 55 is the newest.
  const start = Date.now() - REPORTS * 60_000
  await Promise.all(
    Array.from({ length: REPORTS }, (_, index) =>
      fetch(
        `${service.baseUrl}/evidence/arr/sonarr`,
        sendJson('POST', {
          info_hash: hashOf(index + 1),
          type: 'grab',
          result: 'success',
          client: 'sonarr',
          title: `Show ${index + 1}`,
          occurred_at: new Date(start + index * 60_000).toISOString(),
        }),
      ),
    ),
  )
  await waitForEvidence(`${service.baseUrl}/graphql`, REPORTS)
})
afterAll(() => service?.child.kill())

describe('/evidence in a browser', () => {
  test('pages 50 at a time with Next and Previous, live on the first page, with no console error and nothing fetched elsewhere', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/evidence`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Evidence')
    const table = page.getByRole('table', { name: 'Evidence reports' })
    await expectCount(table.getByRole('row'), 51)
    const pages = page.getByRole('navigation', { name: 'Evidence pages' })
    await expectCount(pages.getByRole('link', { name: 'Previous' }), 0)
    await screenshot(page, 'evidence')

    await pages.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL(/offset=50$/)
    await expectCount(table.getByRole('row'), 1 + REPORTS - 50)
    await expectCount(pages.getByRole('link', { name: 'Next' }), 0)
    await pages.getByRole('link', { name: 'Previous' }).click()
    await page.waitForURL(/offset=0$/)

    const posted = await fetch(
      `${service.baseUrl}/evidence/arr/radarr`,
      sendJson('POST', { info_hash: 'cd'.repeat(20), type: 'import', result: 'failed', client: 'radarr', title: 'Arrives Live' }),
    )
    expect(posted.status).toBe(202)
    await table.getByRole('row', { name: /Arrives Live/ }).waitFor()
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/evidence`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'evidence-phone')
  })
})
