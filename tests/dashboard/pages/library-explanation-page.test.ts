/**
 * The torrent page's "Why this type" section in a browser, over the whole service seeded with the
 * demo set (imported through the core, evidence reported to its intake): a film the rules placed,
 * one a Radarr import confirmed, and one classified before explanations were kept. Screenshots in
 * light and dark, at 1280 and 390 px.
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'
import { makeTempDir } from '../../support/temp-dir'

const dataDir = makeTempDir('explanation-page-')
let service: Awaited<ReturnType<typeof startWholeService>>
const hashOf = (prefix: string) => DEMO_RELEASES.find((release) => release.name.startsWith(prefix))!.infoHash
const DUNE = hashOf('Dune.Part.Two')
const OPPENHEIMER = hashOf('Oppenheimer')
const PAST_LIVES = hashOf('Past.Lives')

beforeAll(async () => {
  service = await startWholeService({ DATA_DIR: dataDir })
  expect((await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })).status).toBe(200)
})
afterAll(() => service?.child.kill())

const section = (page: import('playwright-core').Page) => page.getByRole('region', { name: 'Why this type' })

describe('"Why this type" on a torrent page', () => {
  test('a film the rules placed: the rule that decided and, step by step, what it read', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library/${OPPENHEIMER}`)
    await expectCount(section(page).getByRole('heading', { level: 2, name: 'Why this type' }), 1)
    expect(await section(page).getByText('Decided by').textContent()).toBe('Decided by rule movie-with-year')
    const steps = await section(page).getByRole('listitem').allTextContents()
    expect(steps).toEqual([
      'The name parser read: title "Oppenheimer", year 2023, 1080p, bluray, x264, group FGT.',
      'Rule movie-with-year decided Movie at 85% confidence.',
      'It read: year 2023; a file list (3 files); video files 99% of the bytes; disc image files 0% of the bytes; size 15.8 GB.',
    ])
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await screenshot(page, `library-explanation-rule-${scheme}`)
    }
    expect(errors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  test('a film a Radarr import confirmed: ground truth decided, after what the rules said', async () => {
    const { page, errors } = await openPage(service.dashboardUrl)
    // The demo's import is processed from the core's queue: the label lands a moment after seeding.
    for (let tries = 0; ; tries++) {
      await page.goto(`${service.dashboardUrl}/library/${DUNE}`)
      if ((await section(page).getByText('Decided by').textContent())?.includes('ground truth') || tries > 100) break
      await Bun.sleep(200)
    }
    expect(await section(page).getByText('Decided by').textContent()).toBe('Decided by ground truth (an *arr import)')
    const steps = await section(page).getByRole('listitem').allTextContents()
    expect(steps[1]).toStartWith('Rule movie-with-year said Movie at 85% confidence')
    expect(steps.at(-1)).toBe('Ground truth: radarr (Radarr) reported importing it as Movie, which wins over the rules (confidence 100%).')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await screenshot(page, `library-explanation-label-${scheme}`)
    }
    expect(errors).toEqual([])
  })

  test('fits a 390 px phone, light and dark', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/library/${DUNE}`)
    await expectCount(section(page).getByRole('listitem'), 4)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await expectNoHorizontalOverflow(page)
      await screenshot(page, `library-explanation-phone-${scheme}`)
    }
  })

  test('classified before explanations were kept: the page says so and how to fill it', async () => {
    const db = new Database(join(dataDir, 'index.db'))
    db.run('UPDATE torrent_classifications SET explanation = NULL WHERE torrent_id = (SELECT id FROM torrents WHERE info_hash = ?)', [
      Buffer.from(PAST_LIVES, 'hex'),
    ])
    db.close()
    const { page, errors } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/library/${PAST_LIVES}`)
    expect(await section(page).textContent()).toBe(
      'Why this typeClassified before explanations were kept. bun run cli reclassify --all fills them in.',
    )
    await expectCount(section(page).getByRole('listitem'), 0)
    expect(errors).toEqual([])
  })
})
