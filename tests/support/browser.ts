import { afterAll, expect } from 'bun:test'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './processes'

/** Debian's package (.ci/run installs it); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

let browser: Promise<Browser> | undefined
// Registered when this module first loads, so it runs when that test file ends, not after its
// first test. Later files in the same `bun test` run share the module: they find the browser
// closed and start another (launchBrowser), which the process's exit ends.
afterAll(async () => {
  const closing = browser
  browser = undefined
  await (await closing)?.close()
})

/** One headless Chromium, started on first use (again after the first test file closed it). */
export async function launchBrowser(): Promise<Browser> {
  if (browser && !(await browser).isConnected()) browser = undefined
  browser ??= chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] })
  return browser
}

export interface WatchedPage {
  page: Page
  /** Console errors and uncaught page errors seen so far. */
  errors: string[]
  /** Requests that left the dashboard's origin (DESIGN.md 5.8: there must be none). */
  foreignRequests: string[]
}

/**
 * Another headless Chromium, started with `args` (e.g. `--host-resolver-rules=MAP *.home.test 127.0.0.1`
 * to reach loopback servers by host names), closed when the test file ends. Call it at the top of
 * the file, not in a hook: an `afterAll` registered inside `beforeAll` runs as that hook ends.
 */
export function launchBrowserWith(args: string[]): Promise<Browser> {
  const launched = chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage', ...args] })
  afterAll(async () => (await launched).close())
  return launched
}

/** A screen and a theme a page is checked in. */
export interface View {
  width: number
  height: number
  colorScheme: 'light' | 'dark'
}

/** The screens and themes every page is checked in (issue 32): a 1280 px window and a 390 px phone, each light and dark. */
export const VIEWS: readonly View[] = [
  { width: 1280, height: 900, colorScheme: 'light' },
  { width: 1280, height: 900, colorScheme: 'dark' },
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 390, height: 844, colorScheme: 'dark' },
]

/** `1280px-light`: a view as a test or screenshot name carries it. */
export const viewName = (view: View) => `${view.width}px-${view.colorScheme}`

/**
 * A fresh page (a new context: no cookies) that records console errors and requests to other
 * origins; in the shared browser unless `browser` names another.
 */
export async function openPage(
  baseUrl: string,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; browser?: Browser } = {},
): Promise<WatchedPage> {
  const context = await (options.browser ?? (await launchBrowser())).newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
  })
  const page = await context.newPage()
  const errors: string[] = []
  const foreignRequests: string[] = []
  const origin = new URL(baseUrl).origin
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    // htmx logs an aborted request as two errors, afterRequest then sendAbort, for the same element.
    // A request is aborted when a newer one for the same element supersedes it (two live updates
    // close together on a loaded machine) or the page moves on: no fault of the page, so the pair
    // is dropped. A failed or refused request logs sendError or responseError and is kept.
    if (text.startsWith('htmx:sendAbort, ')) {
      const pair = errors.lastIndexOf(text.replace('htmx:sendAbort, ', 'htmx:afterRequest, '))
      if (pair !== -1) errors.splice(pair, 1)
      return
    }
    errors.push(text)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(origin) && !url.startsWith('data:')) foreignRequests.push(url)
  })
  return { page, errors, foreignRequests }
}

/**
 * The locator matches `count` elements, once the page has settled on it: an htmx swap lands a
 * moment after the click or navigation that asked for it, later still on a loaded machine.
 */
export async function expectCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + 30_000
  while ((await locator.count()) !== count && Date.now() < deadline) await Bun.sleep(50)
  expect(await locator.count()).toBe(count)
}

/**
 * htmx has wired up everything it last swapped in: it marks new content htmx-added and drops the
 * class in the task that attaches the content's handlers. A form used before that is submitted
 * by the browser itself (a loaded machine leaves time for it).
 */
export async function htmxSettled(page: Page): Promise<void> {
  await page.locator('.htmx-added').first().waitFor({ state: 'detached' })
}

/** The page fits the viewport: no sideways scrolling (issue 16 asks for 390 px phones). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  // A string, evaluated in the page: the project's types have no DOM.
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  )
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

const SCREENSHOTS = join(REPO_ROOT, 'tests/.screenshots')

/** A full-page PNG under tests/.screenshots/ (git-ignored), to look at while building. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}
