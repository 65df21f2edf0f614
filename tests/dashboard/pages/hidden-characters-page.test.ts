import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { importIntoCore, sendJson, startWholeService, waitForEvidence } from '../../support/dashboard'

const RLO = '\u202E'
const LYING = `Invoice${RLO}fdp.exe`
const SHOWN = 'Invoice⟨U+202E⟩fdp.exe'
const LYING_HASH = 'a1'.repeat(20)
const PATH_HASH = 'b2'.repeat(20)
const PLAIN_HASH = 'c3'.repeat(20)

let service: Awaited<ReturnType<typeof startWholeService>>
beforeAll(async () => {
  service = await startWholeService()
  await importIntoCore(service.baseUrl, [
    { infoHash: LYING_HASH, name: LYING, size: 1000, files: [{ path: `docs/${LYING}`, size: 1000 }] },
    { infoHash: PATH_HASH, name: 'Holiday.Photos.2024', size: 2000, files: [{ path: 'Holiday/\u2066cover\u2069.jpg\u200B', size: 2000 }] },
    { infoHash: PLAIN_HASH, name: 'Plain.Release.2024.1080p.WEB-DL-GRP', size: 3000 },
  ])
  await fetch(
    `${service.baseUrl}/evidence/arr/sonarr`,
    sendJson('POST', { info_hash: LYING_HASH, type: 'grab', result: 'success', client: 'sonarr', title: `Show${RLO}vkm.scr` }),
  )
  await waitForEvidence(`${service.baseUrl}/graphql`, 1)
  const want = await fetch(
    `${service.dashboardUrl}/api/wants`,
    sendJson('POST', { title: 'Quiet want', content_type: 'movie', query: 'quiet', priority: 'low', notes: `keep ${RLO}eno siht` }),
  )
  expect(want.status).toBe(201)
})
afterAll(() => service?.child.kill())

describe('hidden characters on the pages (issue 29.3)', () => {
  test('the library shows the marker and flags the lying name; a plain name is not flagged; nothing raw reaches the page', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library`)
    const row = (name: RegExp) => page.getByRole('region', { name: 'Results' }).locator('tbody tr').filter({ hasText: name })
    // The name's link shows the marker; the row's magnet link is named after it the same way.
    expect(
      await row(/^Invoice/)
        .locator('a.name')
        .textContent(),
    ).toBe(SHOWN)
    expect(
      await row(/^Invoice/)
        .getByRole('link', { name: `Magnet link of ${SHOWN}` })
        .count(),
    ).toBe(1)
    expect(
      await row(/^Invoice/)
        .getByText('Suspicious name')
        .count(),
    ).toBe(1)
    expect(
      await row(/^Plain\.Release/)
        .getByText('Suspicious name')
        .count(),
    ).toBe(0)
    expect(await page.content()).not.toContain(RLO)
    await screenshot(page, 'hidden-characters-library')
    expect(errors).toEqual([])
  })

  test('the detail page shows the marker in the heading and the files, with the suspicious-name notice; a lying path flags it too', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library/${LYING_HASH}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SHOWN)
    expect(await page.getByRole('note').getByText('Suspicious name').count()).toBe(1)
    expect(await page.getByRole('cell', { name: `docs/${SHOWN}` }).count()).toBe(1)
    expect(await page.title()).toStartWith(SHOWN)
    expect(await page.content()).not.toContain(RLO)
    await screenshot(page, 'hidden-characters-detail')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'hidden-characters-detail-dark')

    await page.goto(`${service.dashboardUrl}/library/${PATH_HASH}`)
    expect(await page.getByRole('cell', { name: 'Holiday/⟨U+2066⟩cover⟨U+2069⟩.jpg⟨U+200B⟩' }).count()).toBe(1)
    expect(await page.getByRole('note').getByText('Suspicious name').count()).toBe(1)
    await page.goto(`${service.dashboardUrl}/library/${PLAIN_HASH}`)
    expect(await page.getByRole('note').count()).toBe(0)
    expect(errors).toEqual([])
  })

  test('evidence titles and want notes show the marker too', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/evidence`)
    expect(await page.getByText('Show⟨U+202E⟩vkm.scr').count()).toBeGreaterThan(0)
    expect(await page.content()).not.toContain(RLO)
    await page.goto(`${service.dashboardUrl}/`)
    expect(await page.content()).not.toContain(RLO)
    await page.goto(`${service.dashboardUrl}/wants`)
    expect(await page.getByText('keep ⟨U+202E⟩eno siht').count()).toBe(1)
    expect(await page.content()).not.toContain(RLO)
    expect(errors).toEqual([])
  })

  test('fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/library/${LYING_HASH}`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'hidden-characters-detail-phone')
  })

  test('what is stored is unchanged: the API, GraphQL and the Torznab feed carry the name as stored', async () => {
    const api = (await (await fetch(`${service.dashboardUrl}/api/torrents/${LYING_HASH}`)).json()) as {
      title: string
      files: { path: string }[]
    }
    expect(api.title).toBe(LYING)
    expect(api.files[0]!.path).toBe(`docs/${LYING}`)
    const graphql = await fetch(
      `${service.baseUrl}/graphql`,
      sendJson('POST', { query: `{ torrentContent { search(input: { infoHashes: ["${LYING_HASH}"] }) { items { title } } } }` }),
    )
    expect(JSON.stringify(await graphql.json())).toContain(LYING)
    const feed = await (await fetch(`${service.baseUrl}/torznab/api?t=search&q=invoice`)).text()
    expect(feed).toContain(LYING)
    const wants = (await (await fetch(`${service.dashboardUrl}/api/wants`)).json()) as { notes: string }[]
    expect(wants.map((want) => want.notes)).toContain(`keep ${RLO}eno siht`)
  })
})
