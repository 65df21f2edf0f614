import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'

const KEY = 'setup-test-key-0123456789abcdef'

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService({ TORZNAB_API_KEY: KEY })
})
afterAll(() => service?.child.kill())

describe('/setup in a browser', () => {
  test('shows the Torznab URL, the masked key with Copy and Reveal, the categories and each webhook URL', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/setup`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Setup')
    const core = service.baseUrl
    await page.getByText(`${core}/torznab/api`, { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Copy Torznab URL' }).getAttribute('data-copy')).toBe(`${core}/torznab/api`)
    // The key is masked until revealed; Copy copies the whole of it.
    expect(await page.getByText(KEY, { exact: true }).isVisible()).toBe(false)
    await page.getByText('••••••••cdef').waitFor()
    expect(await page.getByRole('button', { name: 'Copy API key' }).getAttribute('data-copy')).toBe(KEY)
    await page.getByText('Reveal').click()
    expect(await page.getByText(KEY, { exact: true }).isVisible()).toBe(true)
    // The loopback core is named, with what to use instead.
    await page.getByText(/LAN address/).waitFor()
    const categories = page.getByRole('table', { name: 'Categories to pick per app' })
    expect(await categories.getByRole('row', { name: /Radarr/ }).textContent()).toContain('2000 Movies')
    expect(await categories.getByRole('row', { name: /Sonarr/ }).textContent()).toContain('5000 TV')
    const webhooks = page.getByRole('table', { name: 'Webhook per app' })
    for (const app of ['sonarr', 'radarr', 'lidarr', 'readarr']) await webhooks.getByText(`${core}/evidence/arr/${app}`).waitFor()
    expect(await webhooks.getByRole('row', { name: /Sonarr/ }).textContent()).toContain('On Grab')
    expect(await page.getByRole('button', { name: 'Copy Radarr webhook URL' }).getAttribute('data-copy')).toBe(
      `${core}/evidence/arr/radarr`,
    )
    await screenshot(page, 'setup')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/setup`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'setup-phone')
  })
})
