import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'
import {
  daemonGate,
  qbittorrentTorrents,
  type RunningDaemon,
  startQbittorrent,
  startTransmission,
  transmissionTorrents,
} from '../../support/download-daemons'

const qbtGate = daemonGate('qbittorrent')
const trGate = daemonGate('transmission')

let service: Awaited<ReturnType<typeof startWholeService>>
let qbt: RunningDaemon
let tr: RunningDaemon
beforeAll(async () => {
  service = await startWholeService()
  expect((await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })).status).toBe(200)
  if (!qbtGate.skip && !trGate.skip) [qbt, tr] = await Promise.all([startQbittorrent(), startTransmission()])
})
afterAll(async () => {
  service?.child.kill()
  await Promise.all([qbt?.stop(), tr?.stop()])
})

const clients = (page: Page) => page.getByRole('region', { name: 'Download clients' })
const dune = DEMO_RELEASES.find((release) => release.name.startsWith('Dune.Part.Two'))!

/** Adds a client through the settings page's form, as a person does. */
async function addThroughForm(
  page: Page,
  fields: { name: string; client: string; url: string; username?: string; password?: string; category?: string },
) {
  const section = clients(page)
  await section.getByLabel('Name', { exact: true }).fill(fields.name)
  await section.getByLabel('Client', { exact: true }).selectOption({ label: fields.client })
  await section.getByLabel('Address').fill(fields.url)
  await section.getByLabel('User name').fill(fields.username ?? '')
  await section.getByLabel('Password').fill(fields.password ?? '')
  await section.getByLabel('Category').fill(fields.category ?? '')
  await section.getByRole('button', { name: 'Add a download client' }).click()
}

describe('download clients in a browser', () => {
  test('with no client the library and a torrent page say how to add one', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library`)
    await page.getByRole('link', { name: 'add a download client' }).waitFor()
    await page.goto(`${service.dashboardUrl}/library/${dune.infoHash}`)
    await page.getByRole('link', { name: 'Add qBittorrent or Transmission in Settings' }).click()
    await page.waitForURL('**/settings#download-clients')
    expect(errors).toEqual([])
  })

  test('without JavaScript the add form answers the whole settings page, with the refusal beside its field', async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${service.dashboardUrl}/settings/download-clients`, { method: 'POST', body: new URLSearchParams(fields) })
    const refused = await post({
      name: 'No JS',
      kind: 'qbittorrent',
      url: 'gopher://nas',
      username: '',
      password: 'secret-nojs-1',
      category: '',
    })
    expect(refused.status).toBe(400)
    const page = await refused.text()
    expect(page).toContain('<h1>Settings</h1>')
    expect(page).toContain('Must be an http:// or https:// URL.')
    expect(page).not.toContain('secret-nojs-1')
    const added = await post({ name: 'No JS', kind: 'transmission', url: 'http://127.0.0.1:9', username: '', password: '', category: '' })
    expect(added.status).toBe(200)
    expect(await added.text()).toContain('Added “No JS”.')
    const { items } = (await (await fetch(`${service.dashboardUrl}/api/download-clients`)).json()) as {
      items: { id: string; name: string }[]
    }
    const removed = await fetch(
      `${service.dashboardUrl}/settings/download-clients/${items.find((client) => client.name === 'No JS')!.id}/remove`,
      { method: 'POST' },
    )
    expect(await removed.text()).toContain('Removed “No JS”.')
  })

  describe.skipIf(qbtGate.skip || trGate.skip)(`with real daemons ${qbtGate.title} ${trGate.title}`, () => {
    test('settings: a client is added, tested and removed through the form; refusals are explained; no password on the page', async () => {
      const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
      page.on('dialog', (dialog) => void dialog.accept())
      await page.goto(`${service.dashboardUrl}/settings`)
      await page.evaluate('window.__noReload = true')
      // An address that is not http(s): refused beside the field, what was typed kept.
      await addThroughForm(page, {
        name: 'Home qBittorrent',
        client: 'qBittorrent',
        url: 'ftp://nas/',
        username: qbt.username,
        password: qbt.password,
      })
      await clients(page).getByText('Must be an http:// or https:// URL.').waitFor()
      expect(await clients(page).getByLabel('Address').getAttribute('aria-invalid')).toBe('true')
      expect(await clients(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Home qBittorrent')

      await addThroughForm(page, {
        name: 'Home qBittorrent',
        client: 'qBittorrent',
        url: qbt.url,
        username: qbt.username,
        password: qbt.password,
        category: 'dht',
      })
      await clients(page).getByText('Added “Home qBittorrent”.').waitFor()
      await clients(page).getByRole('button', { name: 'Test Home qBittorrent' }).click()
      await clients(page)
        .getByText(/^Reached it: version v\d/)
        .waitFor()

      await addThroughForm(page, {
        name: 'Wrong password',
        client: 'qBittorrent',
        url: qbt.url,
        username: qbt.username,
        password: 'not-the-password',
      })
      await clients(page).getByText('Added “Wrong password”.').waitFor()
      await clients(page).getByRole('button', { name: 'Test Wrong password' }).click()
      await clients(page).getByRole('alert').getByText('qBittorrent "Wrong password" refused the user name or password.').waitFor()
      await screenshot(page, 'settings-download-clients')
      await clients(page).getByRole('button', { name: 'Remove Wrong password' }).click()
      await clients(page).getByText('Removed “Wrong password”.').waitFor()
      expect(
        await clients(page)
          .getByRole('cell', { name: /^Wrong password/ })
          .count(),
      ).toBe(0)

      // The audit log below follows: the additions and the removal, by kind Setting.
      await page.getByRole('cell', { name: /download_client:Wrong password download client removed/ }).waitFor()
      expect(await page.evaluate('window.__noReload')).toBe(true)
      const html = await page.content()
      expect(html).not.toContain(qbt.password)
      expect(html).not.toContain('not-the-password')
      expect(errors).toEqual([])
      expect(foreignRequests).toEqual([])
    })

    test('library: ticked rows, or all of the page, go to a client in one click; the client has them', async () => {
      await fetch(`${service.dashboardUrl}/api/download-clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Home Transmission',
          kind: 'transmission',
          url: tr.url,
          username: tr.username,
          password: tr.password,
          category: 'dht',
        }),
      })
      const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
      await page.goto(`${service.dashboardUrl}/library`)
      const bar = page.getByRole('form', { name: 'Selected torrents' })
      await bar.getByText('None selected').waitFor()
      // Send with nothing ticked: said at once, nothing sent.
      await bar.getByRole('button', { name: 'Send to Home qBittorrent' }).click()
      await bar.getByRole('alert').getByText('Tick at least one torrent first.').waitFor()

      const picked = DEMO_RELEASES.filter((release) => /^(Oppenheimer|Past\.Lives)/.test(release.name))
      for (const release of picked) await page.getByLabel(`Select ${release.name}`).check()
      await bar.getByText('2 selected').waitFor()
      expect(
        await page.getByLabel('Select all on this page').evaluate((box) => (box as unknown as { indeterminate: boolean }).indeterminate),
      ).toBe(true)
      await bar.getByRole('button', { name: 'Send to Home qBittorrent' }).click()
      await bar.getByRole('status').getByText('Sent 2 torrents to “Home qBittorrent”.').waitFor()
      const inQbt = await qbittorrentTorrents(qbt)
      for (const release of picked) expect(inQbt.find((torrent) => torrent.hash === release.infoHash)?.category).toBe('dht')
      await screenshot(page, 'library-selection')

      await page.getByLabel('Select all on this page').check()
      const rows = await page.getByRole('region', { name: 'Results' }).locator('tbody tr').count()
      await bar.getByText(`${rows} selected`).waitFor()
      await bar.getByRole('button', { name: 'Send to Home Transmission' }).click()
      await bar.getByRole('status').getByText(`Sent ${rows} torrents to “Home Transmission”.`).waitFor()
      const inTransmission = (await transmissionTorrents(tr)).map((torrent) => torrent.hashString)
      expect(inTransmission).toHaveLength(rows)
      await page.getByLabel('Select all on this page').uncheck()
      await bar.getByText('None selected').waitFor()
      expect(errors).toEqual([])
      expect(foreignRequests).toEqual([])
    })

    test('a torrent page sends it to the client of one’s choice', async () => {
      const { page, errors } = await openPage(service.dashboardUrl)
      await page.goto(`${service.dashboardUrl}/library/${dune.infoHash}`)
      const send = page.getByRole('region', { name: 'Send to a download client' })
      await send.getByRole('button', { name: 'Send to Home qBittorrent' }).click()
      await send.getByRole('status').getByText('Sent 1 torrent to “Home qBittorrent”.').waitFor()
      expect((await qbittorrentTorrents(qbt)).map((torrent) => torrent.hash)).toContain(dune.infoHash)
      await screenshot(page, 'library-detail-send')
      expect(errors).toEqual([])
    })

    test('without JavaScript the bulk send posts the ticked boxes and answers a page', async () => {
      const [first] = await (await fetch(`${service.dashboardUrl}/api/download-clients`))
        .json()
        .then((body) => (body as { items: { id: string; name: string }[] }).items)
      const form = new URLSearchParams([
        ['info_hash', DEMO_RELEASES[5]!.infoHash],
        ['info_hash', DEMO_RELEASES[6]!.infoHash],
        ['client_id', first!.id],
      ])
      const answer = await fetch(`${service.dashboardUrl}/library/selection/send`, { method: 'POST', body: form })
      expect(answer.status).toBe(200)
      expect(await answer.text()).toContain(`Sent 2 torrents to “${first!.name}”.`)
    })

    for (const scheme of ['light', 'dark'] as const)
      for (const width of [1280, 390])
        test(`the library, a torrent page and the settings look right: ${scheme}, ${width} px`, async () => {
          const { page, errors } = await openPage(service.dashboardUrl, { width, height: 900 })
          await page.emulateMedia({ colorScheme: scheme })
          for (const [path, name] of [
            ['/library', 'library-bulk'],
            [`/library/${dune.infoHash}`, 'library-detail-send-to'],
            ['/settings#download-clients', 'settings-clients'],
          ] as const) {
            await page.goto(`${service.dashboardUrl}${path}`)
            if (path === '/library') await page.getByLabel(`Select ${dune.name}`).check()
            await expectNoHorizontalOverflow(page)
            await screenshot(page, `${name}-${scheme}-${width}`)
          }
          expect(errors).toEqual([])
        })
  })
})
