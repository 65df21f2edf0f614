import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot, VIEWS, type View, viewName } from '../../support/browser'
import { coreTagNames, importIntoCore, openTestDashboard, startWholeService } from '../../support/dashboard'

let service: Awaited<ReturnType<typeof startWholeService>>
const hashOf = (prefix: string) => DEMO_RELEASES.find((release) => release.name.startsWith(prefix))!.infoHash
const DUNE = hashOf('Dune.Part.Two')
const PAST_LIVES = hashOf('Past.Lives')
const MUSIC = DEMO_RELEASES.filter((release) => release.files.some((file) => /\.(flac|mp3)$/.test(file.path))).length

/** 120 releases of one documentary series, older than the demo's, with sizes and seeders to sort by. */
const QUOKKA = Array.from({ length: 120 }, (_, i) => ({
  infoHash: (i + 1).toString(16).padStart(40, 'e'),
  name: `Quokka.Islands.S01E${String(i + 1).padStart(3, '0')}.720p.WEB-DL.x264-QKA`,
  size: (i + 1) * 10_000_000,
  seeders: (i * 37) % 101,
  publishedAt: 1_600_000_000 + i,
}))
/** As long as the core keeps a name (SERVICE_MAX_NAME_LENGTH, 512): many lines at full width. */
const LONG_NAME = `Long.${'Very.'.repeat(90)}Name.2020.1080p.WEB-DL.x264-GRP`
const LONG = 'f'.repeat(40)

beforeAll(async () => {
  service = await startWholeService()
  const seeded = await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })
  expect(seeded.status).toBe(200)
  await importIntoCore(service.baseUrl, [...QUOKKA, { infoHash: LONG, name: LONG_NAME, size: 1_000_000, publishedAt: 1_500_000_000 }])
})
afterAll(() => service?.child.kill())

const results = (page: Page) => page.getByRole('region', { name: 'Results' })
/** Data rows of the results table (its header row left out). */
const resultRows = (page: Page) => results(page).locator('tbody tr')
/** The torrent names the page lists, in order. */
const namesShown = (page: Page) => resultRows(page).locator('a.name').allTextContents()
const facet = (page: Page, heading: string) => page.getByRole('group', { name: heading })
/** The count a facet shows beside a value ("Movie 7"). */
async function countIn(group: Locator, value: string): Promise<number> {
  const name = await group.getByRole('checkbox', { name: new RegExp(`^${value} `) }).getAttribute('id')
  const label = await group.locator(`label[for="${name}"] .facet-count`).textContent()
  return Number(label!.replace(/\D/g, ''))
}

/** The library as a person opens it in this view; on a phone the filters are folded until opened. */
async function openLibrary(view: View, path = '/library') {
  const watched = await openPage(service.dashboardUrl, view)
  await watched.page.goto(`${service.dashboardUrl}${path}`)
  await watched.page.evaluate('window.__noReload = true')
  return watched
}

async function showFilters(page: Page) {
  const panel = page.locator('details.facet-panel')
  if (!(await panel.evaluate((details) => (details as unknown as { open: boolean }).open))) await panel.locator('summary').click()
}

describe('/library: finding a torrent', () => {
  for (const view of VIEWS)
    test(`the last word typed is a prefix, the list narrows without a page load and the URL follows (${viewName(view)})`, async () => {
      const { page, errors, foreignRequests } = await openLibrary(view)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Library')
      await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('Sev', { delay: 20 })
      await page.getByText('1–1 of 1 torrent').waitFor()
      expect(await namesShown(page)).toEqual([expect.stringMatching(/^Severance\.S02E01/)])
      expect(new URL(page.url()).searchParams.get('q')).toBe('Sev')
      // Two words: every word must be there, the last one only as a start.
      await page.getByRole('searchbox', { name: 'Search' }).fill('quokka isla')
      await page.getByText('of 120 torrents').waitFor()
      expect(await page.evaluate('window.__noReload')).toBe(true)
      await screenshot(page, `library-search-${viewName(view)}`)
      expect(errors).toEqual([])
      expect(foreignRequests).toEqual([])
    })

  test('a search that finds nothing says how search works, and a single letter is not a prefix', async () => {
    const { page } = await openLibrary(VIEWS[0]!, '/library?q=zzzz+nothing')
    await page.getByText('Nothing matches.').waitFor()
    const help = page.locator('.search-help')
    expect(await help.textContent()).toContain('every word you type')
    expect(await help.textContent()).toContain('finds Severance')
    expect(await help.textContent()).toContain('"the office"')
    // `s` alone would ask for every word starting with s.
    const html = await (await fetch(`${service.dashboardUrl}/library?q=severance+s`)).text()
    expect(html).toContain('Nothing matches.')
    await screenshot(page, 'library-nothing')
  })

  for (const view of VIEWS)
    test(`facets beside the list count each value and narrow by ticks; another value of a ticked facet can still be added (${viewName(view)})`, async () => {
      const { page, errors } = await openLibrary(view)
      await showFilters(page)
      const types = facet(page, 'Content type')
      expect(await types.getByRole('checkbox', { name: `Music ${MUSIC}` }).count()).toBe(1)
      for (const heading of ['Resolution', 'Video source', 'Language', 'Year', 'File type'])
        expect(await facet(page, heading).getByRole('checkbox').count()).toBeGreaterThan(0)
      const movies = await countIn(types, 'Movie')
      await types.getByRole('checkbox', { name: /^Music/ }).check()
      await page.getByText(`1–${MUSIC} of ${MUSIC} torrents`).waitFor()
      expect(new URL(page.url()).searchParams.getAll('content_type')).toEqual(['music'])
      // Counted without its own tick: Movie is still offered, with the same count.
      expect(await countIn(types, 'Movie')).toBe(movies)
      await types.getByRole('checkbox', { name: /^Movie/ }).check()
      await page.getByText(`of ${MUSIC + movies} torrents`).waitFor()
      // The resolutions of the movies and the music, counted: music has none, so 2160p is movies alone.
      const uhd = await countIn(facet(page, 'Resolution'), '2160p')
      await facet(page, 'Resolution')
        .getByRole('checkbox', { name: /^2160p/ })
        .check()
      await page.getByText(`1–${uhd} of ${uhd} ${uhd === 1 ? 'torrent' : 'torrents'}`).waitFor()
      const rows = await resultRows(page).locator('td[data-label="Type"]').allTextContents()
      expect(rows).toEqual(Array(uhd).fill('Movie'))
      expect(new URL(page.url()).searchParams.getAll('resolution')).toEqual(['2160p'])
      expect(await page.evaluate('window.__noReload')).toBe(true)
      await screenshot(page, `library-facets-${viewName(view)}`)
      expect(errors).toEqual([])
    })

  test('without JavaScript the form and the facets still answer', async () => {
    const response = await fetch(`${service.dashboardUrl}/library?q=oppenheimer&content_type=movie`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('1–1 of 1 torrent')
    expect(html).toContain('<h1>Library</h1>')
    expect(html).toContain('Apply filters')
    const bad = await fetch(`${service.dashboardUrl}/library?resolution=<script>`)
    expect(bad.status).toBe(400)
    expect(await bad.text()).not.toContain('<script>')
  })

  for (const view of [VIEWS[0]!, VIEWS[3]!])
    test(`orders by size and by seeders, largest first (${viewName(view)})`, async () => {
      const { page } = await openLibrary(view, '/library?q=quokka')
      await page.getByLabel('Order').selectOption({ label: 'Largest first' })
      await page.waitForURL(/order=size/)
      await page.getByText('1–50 of 120 torrents').waitFor()
      expect((await namesShown(page)).slice(0, 3)).toEqual(
        ['E120', 'E119', 'E118'].map((episode) => `Quokka.Islands.S01${episode}.720p.WEB-DL.x264-QKA`),
      )
      await page.getByLabel('Order').selectOption({ label: 'Most seeders' })
      await page.waitForURL(/order=seeders/)
      await page.waitForFunction(`document.querySelector('#library-results td[data-label="Seeders"]').textContent === '100'`)
      const seeders = (await resultRows(page).locator('td[data-label="Seeders"]').allTextContents()).map(Number)
      expect(seeders).toEqual([...seeders].sort((a, b) => b - a))
      await screenshot(page, `library-order-${viewName(view)}`)
    })

  for (const view of [VIEWS[1]!, VIEWS[2]!])
    test(`page links go to the last page, which lists the oldest (${viewName(view)})`, async () => {
      const { page, errors } = await openLibrary(view, '/library?q=quokka')
      const pager = page.getByRole('navigation', { name: 'Library pages' })
      expect(await pager.getByRole('link').allTextContents()).toEqual(['1', '2', '3', 'Next'])
      await pager.getByRole('link', { name: '3' }).click()
      await page.getByText('101–120 of 120 torrents').waitFor()
      await expectCount(resultRows(page), 20)
      await expectCount(pager.getByRole('link', { name: 'Next' }), 0)
      expect(new URL(page.url()).searchParams.get('page')).toBe('3')
      await screenshot(page, `library-last-page-${viewName(view)}`)
      expect(errors).toEqual([])
    })

  test('a page past the last one says so and leads back to the first, with no impossible count', async () => {
    for (const page of [7, 99]) {
      const html = await (await fetch(`${service.dashboardUrl}/library?q=oppenheimer&page=${page}`)).text()
      expect(html).toContain('This page is past the last one.')
      expect(html).toContain('href="/library?q=oppenheimer"')
      expect(html).not.toMatch(/\d–\d/)
    }
  })

  for (const view of [VIEWS[0]!, VIEWS[3]!])
    test(`Back from a torrent shows the filters that made the list (${viewName(view)})`, async () => {
      const { page } = await openLibrary(view)
      await showFilters(page)
      await page.getByLabel('Order').selectOption({ label: 'Largest first' })
      await page.waitForURL(/order=size/)
      await facet(page, 'Content type')
        .getByRole('checkbox', { name: /^Music/ })
        .check()
      await page.getByText(`1–${MUSIC} of ${MUSIC} torrents`).waitFor()
      await page.getByRole('searchbox', { name: 'Search' }).fill('pink')
      await page.getByText('1–1 of 1 torrent').waitFor()
      await resultRows(page).first().locator('a.name').click()
      await page.waitForURL(/\/library\/[0-9a-f]{40}$/)
      await page.goBack()
      await page.getByText('1–1 of 1 torrent').waitFor()
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('pink')
      expect(await page.getByLabel('Order').inputValue()).toBe('size')
      await showFilters(page)
      expect(
        await facet(page, 'Content type')
          .getByRole('checkbox', { name: /^Music/ })
          .isChecked(),
      ).toBe(true)
      // And one step further back, the list before the search, as it was.
      await page.goBack()
      await page.getByText(`1–${MUSIC} of ${MUSIC} torrents`).waitFor()
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('')
      expect(await page.getByLabel('Order').inputValue()).toBe('size')
    })
})

describe('/library: names and magnets', () => {
  for (const view of VIEWS)
    test(`a long name takes two lines at most, whole on hover and on its page; every row has its magnet link (${viewName(view)})`, async () => {
      const { page, errors } = await openLibrary(view, '/library?q=long+very')
      const name = resultRows(page).first().locator('a.name')
      expect(await name.getAttribute('title')).toBe(LONG_NAME)
      const lineHeight = Number.parseFloat(
        await page.evaluate<string>(`getComputedStyle(document.querySelector('#library-results a.name')).lineHeight`),
      )
      expect((await name.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1)
      const magnet = resultRows(page)
        .first()
        .getByRole('link', { name: /^Magnet/ })
      expect(await magnet.getAttribute('href')).toBe(`magnet:?xt=urn:btih:${LONG}&dn=${encodeURIComponent(LONG_NAME)}`)
      await page.goto(`${service.dashboardUrl}/library?q=quokka`)
      const magnets = await resultRows(page)
        .getByRole('link', { name: /^Magnet/ })
        .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href))
      expect(magnets).toHaveLength(50)
      for (const href of magnets) expect(href).toMatch(/^magnet:\?xt=urn:btih:[0-9a-f]{40}&dn=Quokka/)
      if (view.width === 390) await expectNoHorizontalOverflow(page)
      await screenshot(page, `library-magnets-${viewName(view)}`)
      await page.goto(`${service.dashboardUrl}/library/${LONG}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LONG_NAME)
      if (view.width === 390) await expectNoHorizontalOverflow(page)
      await screenshot(page, `library-long-name-${viewName(view)}`)
      expect(errors).toEqual([])
    })

  for (const view of VIEWS)
    test(`a torrent page shows its facts, files and evidence, links and copies its magnet, and says what delete does (${viewName(view)})`, async () => {
      const { page, errors, foreignRequests } = await openPage(service.dashboardUrl, view)
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.dashboardUrl })
      await page.goto(`${service.dashboardUrl}/library?q=dune`)
      await page.getByRole('link', { name: /^Dune\.Part\.Two/ }).click()
      await page.waitForURL(`**/library/${DUNE}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toStartWith('Dune.Part.Two.2024')
      const fact = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell')
      expect(await fact('Year').textContent()).toBe('2024')
      expect(await fact('Resolution').textContent()).toBe('2160p')
      expect(await fact('Label').textContent()).toContain('Confirmed')
      const dune = DEMO_RELEASES.find((release) => release.infoHash === DUNE)!
      for (const file of dune.files) await expectCount(page.getByRole('cell', { name: file.path, exact: true }), 1)
      await expectCount(page.getByRole('heading', { name: 'Evidence' }), 1)
      const magnet = await page.getByLabel('Magnet link').inputValue()
      expect(magnet).toStartWith(`magnet:?xt=urn:btih:${DUNE}`)
      expect(await page.getByRole('link', { name: 'Open magnet link' }).getAttribute('href')).toBe(magnet)
      await page.getByRole('button', { name: 'Copy magnet link' }).click()
      await page.getByRole('button', { name: 'Copied' }).waitFor()
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(magnet)
      const danger = page.locator('.danger-zone')
      expect(await danger.textContent()).toContain('blocks its info hash')
      expect(await danger.getByRole('link', { name: 'Block list' }).getAttribute('href')).toBe('/library/blocked')
      if (view.width === 390) await expectNoHorizontalOverflow(page)
      await screenshot(page, `library-detail-${viewName(view)}`)
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
    expect(await coreTags(DUNE)).toContain('keep-seeding')
    await page.getByRole('button', { name: 'Remove tag keep-seeding' }).click()
    await page.getByRole('button', { name: 'Remove tag keep-seeding' }).waitFor({ state: 'detached' })
    expect(await coreTags(DUNE)).not.toContain('keep-seeding')
    expect(errors).toEqual([])
  })

  test('delete asks first, saying the hash is blocked, then removes the torrent and goes back to the library', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.accept()
    })
    await page.goto(`${service.dashboardUrl}/library/${PAST_LIVES}`)
    await page.getByRole('button', { name: 'Delete and block' }).click()
    await page.waitForURL(`${service.dashboardUrl}/library`)
    expect(dialogs).toEqual([expect.stringContaining('Past.Lives.2023')])
    expect(dialogs[0]).toContain('blocked until you unblock it on the Block list page')
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
})

const coreTags = (infoHash: string) => coreTagNames(service.baseUrl, infoHash)

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
      const blocked = await alone.request('/library/blocked')
      expect(blocked.status).toBe(502)
      expect(await blocked.text()).toContain('The indexer core cannot be reached')
    } finally {
      await alone.close()
    }
  })
})
