/**
 * The library's bulk actions on ticked rows (copy magnets, add and remove a tag, delete that
 * blocks) and the block list page that shows and lifts the blocks, in Chromium.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expectNoHorizontalOverflow, openPage, screenshot, VIEWS, viewName } from '../../support/browser'
import { coreTagNames, importIntoCore, startWholeService } from '../../support/dashboard'
import { makeTempDir } from '../../support/temp-dir'

let service: Awaited<ReturnType<typeof startWholeService>>

/** Four releases per view, so each view ticks, tags and deletes its own. */
const releasesOf = (view: number) =>
  Array.from({ length: 4 }, (_, i) => ({
    infoHash: `${view}${i}`.padStart(40, 'c'),
    name: `Wombat.Valley.V${view}.S01E0${i + 1}.1080p.WEB-DL.x264-WMB`,
    size: 1_000_000_000,
  }))
const BANNED = 'b'.repeat(40)

beforeAll(async () => {
  const dir = makeTempDir('library-bulk-')
  const rules = join(dir, 'rules.yml')
  // A harmless word joins the banned keywords, so the block list holds a banned-content block too.
  writeFileSync(rules, 'keywords:\n  banned: [forbiddenword]\n')
  service = await startWholeService({ DATA_DIR: dir, CLASSIFIER_RULES_PATH: rules })
  await importIntoCore(service.baseUrl, [
    ...VIEWS.flatMap((_, view) => releasesOf(view)),
    { infoHash: BANNED, name: 'Some.forbiddenword.Release.2020', size: 1000 },
  ])
})
afterAll(() => service?.child.kill())

const resultRows = (page: Page) => page.getByRole('region', { name: 'Results' }).locator('tbody tr')

const coreTags = (infoHash: string) => coreTagNames(service.baseUrl, infoHash)

describe('bulk actions on the ticked rows', () => {
  for (const [index, view] of VIEWS.entries())
    test(`copy magnets, tag, untag and delete with a confirmation that says they are blocked (${viewName(view)})`, async () => {
      const releases = releasesOf(index)
      const { page, errors, foreignRequests } = await openPage(service.dashboardUrl, view)
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.dashboardUrl })
      await page.goto(`${service.dashboardUrl}/library?q=wombat+v${index}`)
      await page.getByText('1–4 of 4 torrents').waitFor()
      const selection = page.getByRole('form', { name: 'Selected torrents' })
      // Ticking every row, then one off: the count follows.
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
      await selection.getByText('4 selected').waitFor()
      await page.getByRole('checkbox', { name: `Select ${releases[3]!.name}` }).uncheck()
      await selection.getByText('3 selected').waitFor()
      const ticked = releases.slice(0, 3)

      await selection.getByRole('button', { name: 'Copy magnets' }).click()
      await selection.getByRole('button', { name: 'Copied 3 magnets' }).waitFor()
      const copied = (await page.evaluate<string>('navigator.clipboard.readText()')).split('\n')
      expect(copied.map((magnet) => magnet.slice(20, 60)).sort()).toEqual(ticked.map((release) => release.infoHash).sort())
      for (const magnet of copied) expect(magnet).toMatch(/^magnet:\?xt=urn:btih:[0-9a-f]{40}&dn=Wombat/)

      await selection.getByLabel('Tag for the selected torrents').fill('Keep Seeding')
      await selection.getByRole('button', { name: 'Add tag' }).click()
      await selection.getByText('Tagged 3 torrents “keep-seeding”.').waitFor()
      for (const release of ticked) expect(await coreTags(release.infoHash)).toEqual(['keep-seeding'])
      expect(await coreTags(releases[3]!.infoHash)).toEqual([])
      await selection.getByRole('button', { name: 'Remove tag' }).click()
      await selection.getByText('Removed the tag “keep-seeding” from 3 torrents.').waitFor()
      for (const release of ticked) expect(await coreTags(release.infoHash)).toEqual([])
      // A tag the core would refuse is explained, and nothing is sent.
      await selection.getByLabel('Tag for the selected torrents').fill('!!!')
      await selection.getByRole('button', { name: 'Add tag' }).click()
      await selection.getByRole('alert').getByText('Use lowercase letters and digits joined by dashes').waitFor()
      await screenshot(page, `library-bulk-${viewName(view)}`)

      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.accept()
      })
      await selection.getByRole('button', { name: 'Delete…' }).click()
      await page.getByText('Deleted and blocked 3 torrents.').waitFor()
      expect(dialogs).toEqual([expect.stringContaining('info hashes are blocked')])
      expect(await page.getByText('1–1 of 1 torrent').count()).toBe(1)
      expect(await resultRows(page).locator('a.name').allTextContents()).toEqual([releases[3]!.name])
      for (const release of ticked) expect(await coreTags(release.infoHash)).toBeNull()
      if (view.width === 390) await expectNoHorizontalOverflow(page)
      await screenshot(page, `library-bulk-deleted-${viewName(view)}`)

      // The block list, reached from the library, shows them with when and why; one is lifted.
      await page.getByRole('link', { name: 'Block list' }).click()
      await page.waitForURL('**/library/blocked')
      const blocked = page.getByRole('region', { name: 'Blocked torrents' })
      for (const release of ticked) {
        const row = blocked.getByRole('row', { name: new RegExp(release.name.replaceAll('.', '\\.')) })
        expect(await row.getByText('Deleted by an operator').count()).toBe(1)
        expect(await row.getByText('just now').count()).toBe(1)
      }
      const banned = blocked.getByRole('row', { name: /Not kept: banned content/ })
      expect(await banned.getByText('Banned content (rule banned-keywords)').count()).toBe(1)
      expect(await banned.getByRole('button').count()).toBe(0)
      await blocked.getByRole('button', { name: `Unblock ${ticked[0]!.name}` }).click()
      await page.getByText('Unblocked: the crawler or an import may add it again.').waitFor()
      expect(await blocked.getByRole('row', { name: new RegExp(ticked[0]!.name.replaceAll('.', '\\.')) }).count()).toBe(0)
      if (view.width === 390) await expectNoHorizontalOverflow(page)
      await screenshot(page, `block-list-${viewName(view)}`)
      // Lifted, the torrent is taken again; the others are still refused.
      await importIntoCore(service.baseUrl, ticked)
      expect(await coreTags(ticked[0]!.infoHash)).toEqual([])
      expect(await coreTags(ticked[1]!.infoHash)).toBeNull()
      expect(errors).toEqual([])
      expect(foreignRequests).toEqual([])
    })

  test('without JavaScript a bulk delete shows what goes and deletes only once confirmed', async () => {
    const release = { infoHash: 'd'.repeat(40), name: 'Numbat.Plains.2021.1080p.WEB-DL.x264-NMB', size: 1_000 }
    await importIntoCore(service.baseUrl, [release])
    const post = (fields: Record<string, string>) =>
      fetch(`${service.dashboardUrl}/library/selection/delete`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: service.dashboardUrl },
        body: new URLSearchParams(fields),
      })
    const asked = await post({ info_hash: release.infoHash })
    expect(asked.status).toBe(200)
    const confirmation = await asked.text()
    expect(confirmation).toContain('<h1>Delete torrents?</h1>')
    expect(confirmation).toContain(release.name)
    expect(confirmation).toContain('info hashes are blocked')
    expect(await coreTags(release.infoHash)).toEqual([])
    const done = await post({ info_hash: release.infoHash, confirmed: 'yes' })
    expect(await done.text()).toContain('Deleted and blocked 1 torrent.')
    expect(await coreTags(release.infoHash)).toBeNull()
  })

  test('bad selections are refused with a reason and change nothing', async () => {
    const post = (path: string, body: string) =>
      fetch(`${service.dashboardUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: service.dashboardUrl, 'hx-request': 'true' },
        body,
      })
    const none = await post('/library/selection/tags/add', 'tag=x')
    expect(await none.text()).toContain('Tick at least one torrent first.')
    const junk = await post('/library/selection/delete', 'info_hash=not-a-hash&confirmed=yes')
    expect(await junk.text()).toContain('Tick at least one torrent first.')
    const many = Array.from({ length: 501 }, (_, i) => `info_hash=${i.toString(16).padStart(40, '0')}`).join('&')
    expect(await (await post('/library/selection/delete', `${many}&confirmed=yes`)).text()).toContain('At most 500 torrents at a time.')
    const badHash = await post(`/library/blocked/${'z'.repeat(40)}/unblock`, '')
    expect(badHash.status).toBe(400)
    // Another site's page cannot drive a delete.
    const crossSite = await fetch(`${service.dashboardUrl}/library/selection/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: `info_hash=${releasesOf(0)[3]!.infoHash}&confirmed=yes`,
    })
    expect(crossSite.status).toBe(403)
    expect(await coreTags(releasesOf(0)[3]!.infoHash)).toEqual([])
  })
})
