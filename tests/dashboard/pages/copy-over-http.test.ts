/**
 * Copy buttons on plain HTTP (issue 32): a NAS dashboard is opened as http://nas.lan:8080, where
 * browsers offer no clipboard API (it needs HTTPS or localhost). The buttons copy with the older
 * copy command there, and when even that is refused show the text selected with "Press Ctrl+C".
 * Chromium reaches the dashboard by a LAN-like name (host-resolver-rules) to be in that situation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { BrowserContext, Page } from 'playwright-core'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { launchBrowserWith, screenshot, VIEWS, viewName } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'

const KEY = 'copy-over-http-key-0123456789'
const DUNE = DEMO_RELEASES.find((release) => release.name.startsWith('Dune.Part.Two'))!.infoHash
const browser = launchBrowserWith(['--host-resolver-rules=MAP nas.test 127.0.0.1'])

let service: Awaited<ReturnType<typeof startWholeService>>
/** The dashboard as a LAN browser opens it: plain HTTP on a host name, not a secure context. */
let lanUrl: string

beforeAll(async () => {
  service = await startWholeService({ TORZNAB_API_KEY: KEY })
  expect((await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })).status).toBe(200)
  lanUrl = service.dashboardUrl.replace('127.0.0.1', 'nas.test')
})
afterAll(() => service?.child.kill())

/** What the browser's clipboard holds, read from a page of a secure origin (127.0.0.1) in the same context. */
async function clipboardOf(context: BrowserContext): Promise<string> {
  await context.grantPermissions(['clipboard-read'], { origin: service.dashboardUrl })
  const reader = await context.newPage()
  await reader.goto(`${service.dashboardUrl}/healthz`)
  const text = await reader.evaluate<string>('navigator.clipboard.readText()')
  await reader.close()
  return text
}

async function openLan(view: (typeof VIEWS)[number], path: string): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await (await browser).newContext({ viewport: { width: view.width, height: view.height }, colorScheme: view.colorScheme })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${lanUrl}${path}`)
  expect(await page.evaluate('window.isSecureContext')).toBe(false)
  expect(await page.evaluate('typeof navigator.clipboard')).toBe('undefined')
  return { page, context, errors }
}

describe('Copy on plain HTTP', () => {
  for (const view of VIEWS)
    test(`the magnet, Setup's values and the ticked rows' magnets are copied (${viewName(view)})`, async () => {
      const { page, context, errors } = await openLan(view, `/library/${DUNE}`)
      const magnet = await page.getByLabel('Magnet link').inputValue()
      await page.getByRole('button', { name: 'Copy magnet link' }).click()
      await page.getByRole('button', { name: 'Copied' }).waitFor()
      expect(await clipboardOf(context)).toBe(magnet)
      await screenshot(page, `copy-http-detail-${viewName(view)}`)

      await page.goto(`${lanUrl}/setup`)
      const torznabUrl = await page.getByRole('button', { name: 'Copy Torznab URL' }).getAttribute('data-copy')
      await page.getByRole('button', { name: 'Copy Torznab URL' }).click()
      expect(await clipboardOf(context)).toBe(torznabUrl!)
      await page.getByRole('button', { name: 'Copy API key' }).click()
      expect(await clipboardOf(context)).toBe(KEY)
      // The button says so, then reads as before, its hidden name kept for screen readers.
      await page.getByRole('button', { name: 'Copy API key' }).waitFor()
      expect(await page.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1)

      await page.goto(`${lanUrl}/library?q=dune`)
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
      await page.getByRole('button', { name: 'Copy magnets' }).click()
      await page.getByRole('button', { name: /^Copied \d+ magnets?$/ }).waitFor()
      const magnets = (await clipboardOf(context)).split('\n')
      expect(magnets.length).toBeGreaterThan(0)
      for (const line of magnets) expect(line).toStartWith('magnet:?xt=urn:btih:')
      expect(errors).toEqual([])
      await context.close()
    })

  for (const view of [VIEWS[0]!, VIEWS[3]!])
    test(`when the browser refuses the copy command too, the text is shown selected with Press Ctrl+C (${viewName(view)})`, async () => {
      const context = await (await browser).newContext({
        viewport: { width: view.width, height: view.height },
        colorScheme: view.colorScheme,
      })
      await context.addInitScript('document.execCommand = () => false')
      const page = await context.newPage()
      await page.goto(`${lanUrl}/library/${DUNE}`)
      const magnet = await page.getByLabel('Magnet link').inputValue()
      await page.getByRole('button', { name: 'Copy magnet link' }).click()
      await page.getByRole('button', { name: 'Press Ctrl+C' }).waitFor()
      const shown = page.getByRole('textbox', { name: 'Text to copy' })
      expect(await shown.inputValue()).toBe(magnet)
      const selected = await page.evaluate<boolean>(
        `(() => { const f = document.activeElement; return f.getAttribute('aria-label') === 'Text to copy' && f.selectionEnd - f.selectionStart === f.value.length })()`,
      )
      expect(selected).toBe(true)
      await screenshot(page, `copy-http-manual-${viewName(view)}`)
      await context.close()
    })
})
