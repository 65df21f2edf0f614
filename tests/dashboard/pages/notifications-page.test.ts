import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { sendJson, startWholeService } from '../../support/dashboard'

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService()
  // Two notifications: wants marked fulfilled through the API.
  for (const title of ['Dune', 'Arrival']) {
    const want = await fetch(
      `${service.dashboardUrl}/api/wants`,
      sendJson('POST', { title, content_type: 'movie', query: title, priority: 'high' }),
    )
    const { id } = (await want.json()) as { id: string }
    await fetch(`${service.dashboardUrl}/api/wants/${id}`, sendJson('PUT', { status: 'fulfilled' }))
  }
})
afterAll(() => service?.child.kill())

describe('/notifications in a browser', () => {
  test('lists them, marks one read, then all, with no console error and nothing fetched elsewhere', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/notifications`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Notifications')
    const nav = page.getByRole('navigation', { name: 'Pages' })
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Library',
      'Wants',
      'Evidence',
      'Notifications2 unread',
      'Settings',
      'Setup',
    ])
    const rows = page.getByRole('row')
    await expectCount(rows, 3)
    await screenshot(page, 'notifications')
    await page
      .getByRole('row', { name: /Arrival/ })
      .getByRole('button', { name: 'Mark read' })
      .click()
    await page
      .getByRole('row', { name: /Arrival/ })
      .getByText('Read')
      .waitFor()
    // The counts follow without a reload: the line above the list and the nav's badge.
    await page.getByText('1 unread.').waitFor()
    expect(await nav.getByRole('link', { name: /Notifications/ }).textContent()).toBe('Notifications1 unread')
    const api = (await (await fetch(`${service.dashboardUrl}/api/notifications`)).json()) as { items: { message: string; read: boolean }[] }
    expect(api.items.find((item) => item.message.includes('Arrival'))!.read).toBe(true)
    await page.getByRole('button', { name: 'Mark all read' }).click()
    await page.getByRole('row', { name: /Dune/ }).getByText('Read').waitFor()
    await page.getByText('Everything is read.').waitFor()
    expect(await nav.getByRole('link', { name: /Notifications/ }).textContent()).toBe('Notifications')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/notifications`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'notifications-phone')
  })
})
