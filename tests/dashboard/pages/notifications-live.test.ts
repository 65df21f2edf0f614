/**
 * A want fulfilled by `bun run cli import` (issue 32: the CLI did not match wants) reaches an open
 * dashboard page at once: the nav's badge and the notification list refetch on the event stream's
 * `notification` event, without a reload.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openDatabase } from '../../../src/store/sqlite'
import { openPage, screenshot, VIEWS, viewName } from '../../support/browser'
import { sendJson, startWholeService } from '../../support/dashboard'
import { runCli } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const dataDir = makeTempDir('notifications-live-')
let service: Awaited<ReturnType<typeof startWholeService>>

beforeAll(async () => {
  service = await startWholeService({ DATA_DIR: dataDir })
})
afterAll(() => service?.child.kill())

/** Resolves once the core holds `count` registered wants (the dashboard registers them on its next watch tick). */
async function waitForRegisteredWants(count: number): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const registered = db.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM wants').get()!.n
    db.close()
    if (registered >= count) return
    if (Date.now() > deadline) throw new Error(`the core did not register ${count} wants within 20 s`)
    await Bun.sleep(100)
  }
}

/**
 * Records, for each request the page's htmx parts make, its path and the event that made it
 * (`sse:notification` for the event stream's, `every` for the 10 s poll), so the test tells a
 * live refetch from a poll.
 */
async function recordRequests(page: Page): Promise<void> {
  await page.evaluate(`window.__requests = [];
    document.body.addEventListener('htmx:beforeRequest', (e) =>
      window.__requests.push(e.detail.pathInfo.requestPath + ' ' + (e.detail.requestConfig.triggeringEvent?.type ?? '')))`)
}

describe('notifications live over the event stream', () => {
  test('a want the cli import fulfils shows in the badge and the list of open pages, in every view', async () => {
    // Each view opens a page with the badge; the dark ones the notification list as well.
    const pages = await Promise.all(
      VIEWS.map(async (view) => {
        const watched = await openPage(service.dashboardUrl, view)
        const path = view.colorScheme === 'dark' ? '/notifications' : '/library'
        await watched.page.goto(`${service.dashboardUrl}${path}`)
        await recordRequests(watched.page)
        await watched.page.evaluate('window.__noReload = true')
        return { ...watched, view, path }
      }),
    )
    for (const { page } of pages) expect(await page.locator('#nav-unread').textContent()).toBe('')

    const want = await fetch(
      `${service.dashboardUrl}/api/wants`,
      sendJson('POST', { title: 'Severance', query: 'Severance', content_type: 'tv_show', priority: 'high' }),
    )
    expect(want.status).toBe(201)
    await waitForRegisteredWants(1)
    const lines = join(makeTempDir(), 'found.jsonl')
    writeFileSync(lines, JSON.stringify({ infoHash: 'a'.repeat(40), name: 'Severance.S02E05.1080p.WEB.h264-GRP', size: 1_000_000 }))
    const imported = await runCli(['import', lines], { DATA_DIR: dataDir })
    expect(imported.stdout.trim()).toBe('imported 1, updated 0, rejected 0')

    for (const { page, view, path, errors, foreignRequests } of pages) {
      await page.locator('#nav-unread', { hasText: /^1 unread$/ }).waitFor({ timeout: 30_000 })
      const nav = page.getByRole('navigation', { name: 'Pages' })
      expect(await nav.getByRole('link', { name: /^Notifications/ }).textContent()).toBe('Notifications1 unread')
      const requests = await page.evaluate<string[]>('window.__requests')
      expect(requests).toContain('/notifications/badge sse:notification')
      if (path === '/notifications') {
        const row = page.getByRole('row', { name: /Severance/ })
        await row.waitFor()
        expect(await row.textContent()).toContain('Want "Severance" fulfilled by Severance.S02E05')
        await page.getByText('1 unread.').waitFor()
        expect(requests).toContain('/notifications/list sse:notification')
      }
      expect(await page.evaluate('window.__noReload')).toBe(true)
      await screenshot(page, `notifications-live-${viewName(view)}`)
      expect(errors).toEqual([])
      expect(foreignRequests).toEqual([])
    }
    const wants = (await (await fetch(`${service.dashboardUrl}/api/wants`)).json()) as { status: string }[]
    expect(wants.map((entry) => entry.status)).toEqual(['fulfilled'])
  })
})
