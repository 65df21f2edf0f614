import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { openTestDashboard, startWholeService } from '../../support/dashboard'

let service: Awaited<ReturnType<typeof startWholeService>>
const hashOf = (prefix: string) => DEMO_RELEASES.find((release) => release.name.startsWith(prefix))!.infoHash
const DUNE = hashOf('Dune.Part.Two')
const PAST_LIVES = hashOf('Past.Lives')

beforeAll(async () => {
  service = await startWholeService()
  const seeded = await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })
  expect(seeded.status).toBe(200)
})
afterAll(() => service?.child.kill())

/** Data rows of the results table (its header row left out). */
const resultRows = (page: import('playwright-core').Page) => page.getByRole('region', { name: 'Results' }).locator('tbody tr')

describe('/library in a browser', () => {
  test('search narrows the list as one types, without a page load, and the URL follows', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Library')
    await expectCount(resultRows(page), DEMO_RELEASES.length)
    await expect(page.getByText(`1–${DEMO_RELEASES.length} of ${DEMO_RELEASES.length} torrents`).count()).resolves.toBe(1)
    await page.evaluate('window.__noReload = true')
    let loads = 0
    page.on('load', () => loads++)
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('oppenheimer', { delay: 20 })
    await page.getByText('1–1 of 1 torrent').waitFor()
    await expectCount(resultRows(page), 1)
    expect(await resultRows(page).first().getByRole('link').textContent()).toStartWith('Oppenheimer.2023')
    expect(await page.evaluate('window.__noReload')).toBe(true)
    expect(loads).toBe(0)
    expect(new URL(page.url()).searchParams.get('q')).toBe('oppenheimer')
    // The confirmed/pending marker: Dune is confirmed by the demo's import evidence; Oppenheimer only by rules.
    await expectCount(resultRows(page).first().getByText('Pending'), 1)
    await screenshot(page, 'library-search')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('the content type filter lists only that type', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library`)
    await page.evaluate('window.__noReload = true')
    await page.getByLabel('Content type').selectOption({ label: 'Music' })
    const musicCount = DEMO_RELEASES.filter((release) => release.files.some((file) => /\.(flac|mp3)$/.test(file.path))).length
    await page.getByText(`1–${musicCount} of ${musicCount} torrents`).waitFor()
    const types = await resultRows(page).locator('td:nth-child(3)').allTextContents()
    expect(types).toEqual(Array(musicCount).fill('Music'))
    expect(new URL(page.url()).searchParams.get('content_type')).toBe('music')
    expect(await page.evaluate('window.__noReload')).toBe(true)
    await screenshot(page, 'library')
    expect(errors).toEqual([])
  })

  test('without JavaScript the search form still answers', async () => {
    const response = await fetch(`${service.dashboardUrl}/library?q=oppenheimer&content_type=movie`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('1–1 of 1 torrent')
    expect(html).toContain('<h1>Library</h1>')
  })

  test('a page past the last one says so and leads back to the first, with no impossible count', async () => {
    for (const page of [7, 999]) {
      const html = await (await fetch(`${service.dashboardUrl}/library?q=oppenheimer&page=${page}`)).text()
      expect(html).toContain('This page is past the last one.')
      expect(html).toContain('href="/library?q=oppenheimer"')
      expect(html).not.toMatch(/Page [\d,]+ of/)
      expect(html).not.toMatch(/\d–\d/)
    }
  })

  test('a torrent page shows its facts, files, evidence and copies its magnet link', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.dashboardUrl })
    await page.goto(`${service.dashboardUrl}/library`)
    await page.getByRole('link', { name: /^Dune\.Part\.Two/ }).click()
    await page.waitForURL(`**/library/${DUNE}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toStartWith('Dune.Part.Two.2024')
    const fact = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell')
    expect(await fact('Year').textContent()).toBe('2024')
    expect(await fact('Resolution').textContent()).toBe('2160p')
    expect(await fact('Source').textContent()).toBe('bluray')
    expect(await fact('Type').textContent()).toBe('Movie')
    expect(await fact('Label').textContent()).toContain('Confirmed')
    const dune = DEMO_RELEASES.find((release) => release.infoHash === DUNE)!
    for (const file of dune.files) await expectCount(page.getByRole('cell', { name: file.path, exact: true }), 1)
    await expectCount(page.getByRole('heading', { name: 'Evidence' }), 1)
    const magnet = await page.getByLabel('Magnet link').inputValue()
    expect(magnet).toStartWith(`magnet:?xt=urn:btih:${DUNE}`)
    await page.getByRole('button', { name: 'Copy magnet link' }).click()
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(magnet)
    await screenshot(page, 'library-detail')
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('tags are added and removed through the core, and a bad one is explained beside the field', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library/${DUNE}`)
    const tags = page.getByRole('region', { name: 'Tags' })
    await page.getByLabel('New tag').fill('Bad Tag!')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await tags.getByText('Use lowercase letters and digits joined by dashes').waitFor()
    expect(await page.getByLabel('New tag').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('New tag').fill('keep-seeding')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('button', { name: 'Remove tag keep-seeding' }).waitFor()
    const core = async () => {
      const answer = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ torrentContent { search(input: { infoHashes: ["${DUNE}"] }) { items { torrent { tagNames } } } } }`,
        }),
      })
      const body = (await answer.json()) as { data: { torrentContent: { search: { items: { torrent: { tagNames: string[] } }[] } } } }
      return body.data.torrentContent.search.items[0]!.torrent.tagNames
    }
    expect(await core()).toContain('keep-seeding')
    await screenshot(page, 'library-detail-tags')
    await page.getByRole('button', { name: 'Remove tag keep-seeding' }).click()
    await page.getByRole('button', { name: 'Remove tag keep-seeding' }).waitFor({ state: 'detached' })
    expect(await core()).not.toContain('keep-seeding')
    expect(errors).toEqual([])
  })

  test('delete asks first, then removes the torrent and goes back to the library', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.accept()
    })
    await page.goto(`${service.dashboardUrl}/library/${PAST_LIVES}`)
    await page.getByRole('button', { name: 'Delete torrent' }).click()
    await page.waitForURL(`${service.dashboardUrl}/library`)
    expect(dialogs).toEqual([expect.stringContaining('Past.Lives.2023')])
    expect((await fetch(`${service.dashboardUrl}/api/torrents/${PAST_LIVES}`)).status).toBe(404)
    await expectCount(page.getByRole('link', { name: /^Past\.Lives/ }), 0)
    expect(errors).toEqual([])
  })

  test('an unknown hash is a 404 page and a malformed one a 400 page, both in the layout', async () => {
    const unknown = await fetch(`${service.dashboardUrl}/library/${'0'.repeat(40)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<h1>Torrent not found</h1>')
    const bad = await fetch(`${service.dashboardUrl}/library/not-a-hash`)
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(html).toContain('<h1>Not an info hash</h1>')
    expect(html).toContain('aria-label="Pages"')
  })

  test('the library and a torrent fit a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/library`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'library-phone')
    await page.goto(`${service.dashboardUrl}/library/${DUNE}`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'library-detail-phone')
  })
})

describe('/library without the core', () => {
  test('the list and a torrent say the core cannot be reached, in the layout', async () => {
    const alone = openTestDashboard()
    try {
      const list = await alone.request('/library?q=dune')
      expect(list.status).toBe(200)
      const html = await list.text()
      expect(html).toContain('The indexer core cannot be reached')
      expect(html).toContain('name="q" value="dune"')
      const detail = await alone.request(`/library/${DUNE}`)
      expect(detail.status).toBe(502)
      expect(await detail.text()).toContain('The indexer core cannot be reached')
    } finally {
      await alone.close()
    }
  })
})
