import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { sendJson, startWholeService } from '../../support/dashboard'
import { eventually, startFakeGotify, startFakeNtfy } from '../../support/notification-receivers'

const NTFY_TOKEN = 'tk_pagetest0123456789abcdefghijk'
const ntfy = startFakeNtfy({ token: NTFY_TOKEN })
const gotify = startFakeGotify({ appToken: 'RightGotifyToken' })

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService()
})
afterAll(() => service?.child.kill())

const targets = (page: Page) => page.getByRole('region', { name: 'Notification targets' })
const api = async () =>
  (await (await fetch(`${service.dashboardUrl}/api/notification-targets`)).json()) as {
    items: { name: string; last_failure: { message: string } | null; last_delivered_at: string | null }[]
  }

async function addThroughForm(page: Page, fields: { name: string; service: string; url: string; token?: string; events?: string[] }) {
  const section = targets(page)
  await section.getByLabel('Name', { exact: true }).fill(fields.name)
  await section.getByLabel('Service').selectOption({ label: fields.service })
  await section.getByLabel('Address').fill(fields.url)
  await section.getByLabel('Token').fill(fields.token ?? '')
  if (fields.events)
    for (const label of ['A want is fulfilled', 'The evidence webhook fails', 'The crawler warns'])
      await section.getByLabel(label).setChecked(fields.events.includes(label))
  await section.getByRole('button', { name: 'Add a notification target' }).click()
}

describe('notification targets in a browser', () => {
  test('a target is added and tested through the form; refusals are explained beside their field; no token on the page', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    await page.evaluate('window.__noReload = true')
    // No event ticked: refused, said beside the events.
    await addThroughForm(page, { name: 'Phone', service: 'ntfy', url: `${ntfy.url}/dht-grabs`, token: NTFY_TOKEN, events: [] })
    await targets(page).getByText('Must list one or more of want_fulfilled, webhook_delivery_failed, crawler_warning, each once.').waitFor()
    // A Discord address that is not a webhook's.
    // The boxes come back as they were posted (none ticked): tick one.
    await addThroughForm(page, {
      name: 'Discord',
      service: 'Discord',
      url: 'https://discord.com/channels/1/2',
      events: ['A want is fulfilled'],
    })
    await targets(page)
      .getByText(/^Use the webhook URL Discord shows/)
      .waitFor()
    expect(await targets(page).getByLabel('Address').getAttribute('aria-invalid')).toBe('true')

    await addThroughForm(page, {
      name: 'Phone',
      service: 'ntfy',
      url: `${ntfy.url}/dht-grabs`,
      token: NTFY_TOKEN,
      events: ['A want is fulfilled', 'The crawler warns'],
    })
    await targets(page).getByText('Added “Phone”.').waitFor()
    await targets(page).getByRole('button', { name: 'Test Phone' }).click()
    await targets(page).getByText('Sent a test notification: it should be there now.').waitFor()
    expect(ntfy.received.map((message) => message.title)).toEqual(['dht-indexer: Test notification'])
    await targets(page).getByText('Delivered').waitFor()
    expect(await page.content()).not.toContain(NTFY_TOKEN)
    expect(await page.evaluate('window.__noReload')).toBe(true)
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('a delivery that fails is shown on its target with the receiver’s reason; one that works, as delivered', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings`)
    await addThroughForm(page, {
      name: 'Gotify',
      service: 'Gotify',
      url: gotify.url,
      token: 'WrongGotifyToken',
      events: ['A want is fulfilled'],
    })
    await targets(page).getByText('Added “Gotify”.').waitFor()
    await targets(page).getByRole('button', { name: 'Test Gotify' }).click()
    await targets(page)
      .getByRole('alert')
      .getByText('Not delivered: Gotify answered HTTP 401: you need to provide a valid access token or user credentials to access this api')
      .waitFor()

    // A want fulfilled: pushed to both; Gotify refuses the token (no retry), ntfy takes it.
    const want = (await (
      await fetch(
        `${service.dashboardUrl}/api/wants`,
        sendJson('POST', { title: 'Dune', content_type: 'movie', query: 'dune', priority: 'high' }),
      )
    ).json()) as { id: string }
    await fetch(`${service.dashboardUrl}/api/wants/${want.id}`, sendJson('PUT', { status: 'fulfilled' }))
    await eventually(() => ntfy.received.some((message) => message.message === 'Want "Dune" fulfilled'), 'ntfy to get the want')
    const failed = async () => (await api()).items.find((target) => target.name === 'Gotify')?.last_failure !== null
    for (let tries = 0; !(await failed()) && tries < 250; tries++) await Bun.sleep(20)
    await page.reload()
    const gotifyRow = targets(page).getByRole('row', { name: /^Gotify/ })
    await gotifyRow.getByText('Failed').waitFor()
    await gotifyRow
      .getByText('Gotify answered HTTP 401: you need to provide a valid access token or user credentials to access this api')
      .waitFor()
    expect(
      await targets(page)
        .getByRole('row', { name: /^Phone/ })
        .getByText('Delivered')
        .count(),
    ).toBe(1)
    // The audit log shows the failed delivery as a health row.
    await page.getByLabel('Kind').selectOption({ label: 'Health' })
    await page.getByRole('cell', { name: /notification_target:Gotify delivery failed/ }).waitFor()
    await screenshot(page, 'settings-notification-targets')
    expect(errors).toEqual([])
  })

  for (const scheme of ['light', 'dark'] as const)
    for (const width of [1280, 390])
      test(`the settings' targets look right: ${scheme}, ${width} px`, async () => {
        const { page, errors } = await openPage(service.dashboardUrl, { width, height: 900 })
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(`${service.dashboardUrl}/settings#notification-targets`)
        await expectNoHorizontalOverflow(page)
        await targets(page).screenshot({ path: `${import.meta.dir}/../../.screenshots/settings-targets-${scheme}-${width}.png` })
        expect(errors).toEqual([])
      })
})
