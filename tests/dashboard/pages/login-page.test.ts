import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectCount, expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { openTestDashboard, startWholeService } from '../../support/dashboard'

const KEY = 'dashboard-key-0123456789abcdef'
/** The pages built so far; each is behind the same page auth. */
const PAGES = ['/', '/library', '/wants', '/evidence', '/notifications', '/settings', '/setup']

describe('AUTH_METHOD=forms in a browser', () => {
  let service: Awaited<ReturnType<typeof startWholeService>>
  beforeAll(async () => {
    service = await startWholeService({ AUTH_METHOD: 'forms', DASHBOARD_API_KEY: KEY })
  })
  afterAll(() => service?.child.kill())

  test('every page redirects to /login with where it was going; the API answers a JSON 401 instead', async () => {
    for (const path of [...PAGES, '/settings?kind=auth']) {
      const response = await fetch(`${service.dashboardUrl}${path}`, { redirect: 'manual' })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`)
    }
    const api = await fetch(`${service.dashboardUrl}/api/settings`, { redirect: 'manual' })
    expect(api.status).toBe(401)
    expect(api.headers.get('location')).toBeNull()
    expect(await api.json()).toMatchObject({ error: 'unauthorized' })
  })

  test('signing in: a wrong key is refused on the page, the right one lands where the person was going', async () => {
    const { page, errors, foreignRequests } = await openPage(service.dashboardUrl)
    await page.goto(`${service.dashboardUrl}/settings?kind=auth`)
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in')
    await expectCount(page.getByRole('navigation', { name: 'Pages' }), 0)

    await page.getByLabel('Dashboard API key').fill('not-the-key-0123456789')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('That is not the dashboard API key.')
    await screenshot(page, 'login-wrong-key')

    await page.getByLabel('Dashboard API key').fill(KEY)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${service.dashboardUrl}/settings?kind=auth`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings')
    // The sign-in is in the audit log, filtered as the address asked.
    await page
      .getByRole('cell', { name: /sign-in refused/ })
      .first()
      .waitFor()
    // The wrong key's page is a 401: Chromium reports that document's status as a console error.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  /** A browser page signed in through the form on its way to `path`. */
  const signedInAt = async (path: string) => {
    const opened = await openPage(service.dashboardUrl)
    await opened.page.goto(`${service.dashboardUrl}${path}`)
    await opened.page.getByLabel('Dashboard API key').fill(KEY)
    await opened.page.getByRole('button', { name: 'Sign in' }).click()
    await opened.page.waitForURL(`${service.dashboardUrl}${path}`)
    return opened
  }

  test('a session that ends under an htmx request takes the whole window to sign-in, back to the page after', async () => {
    const { page, errors } = await signedInAt('/library')
    await page.context().clearCookies()
    // The live search asks for the results partial: the answer moves the window instead.
    await page.getByLabel('Search').fill('dune')
    await page.waitForURL(/\/login\?next=/)
    expect(new URL(page.url()).searchParams.get('next')).toStartWith('/library')
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Sign in'])
    await screenshot(page, 'login-after-expired-htmx')
    // The live search may still have a keystroke's request in flight when the window moves: the
    // browser aborts it and htmx logs the abort event ("[object Event]"), which is no fault of the page.
    expect(errors.filter((error) => !error.includes('401') && error !== '[object Event]')).toEqual([])
  })

  test('every page has a sign-out button, which ends the session', async () => {
    const { page, errors } = await signedInAt('/wants')
    for (const path of PAGES) {
      await page.goto(`${service.dashboardUrl}${path}`)
      await expectCount(page.getByRole('banner').getByRole('button', { name: 'Sign out' }), 1)
    }
    await screenshot(page, 'sign-out-button')
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'sign-out-button-phone')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(`${service.dashboardUrl}/login`)
    await page.goto(`${service.dashboardUrl}/library`)
    expect(new URL(page.url()).pathname).toBe('/login')
    await expectCount(page.getByRole('button', { name: 'Sign out' }), 0)
    expect(errors).toEqual([])
  })

  test('the sign-in page fits a 390 px phone', async () => {
    const { page } = await openPage(service.dashboardUrl, { width: 390, height: 844 })
    await page.goto(`${service.dashboardUrl}/login`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, 'login-phone')
  })
})

describe('REQUIRE_AUTH=true with AUTH_METHOD=apikey', () => {
  const dashboard = openTestDashboard({ env: { REQUIRE_AUTH: 'true', AUTH_METHOD: 'apikey', DASHBOARD_API_KEY: KEY } })
  afterAll(() => dashboard.close())

  test('a page answers a 401 page, never a redirect; the API a JSON 401; the key opens both', async () => {
    for (const path of PAGES) {
      const page = await dashboard.request(path)
      expect(page.status).toBe(401)
      expect(page.headers.get('location')).toBeNull()
      expect(page.headers.get('content-type')).toStartWith('text/html')
      expect((await dashboard.request(path, { headers: { 'x-api-key': KEY } })).status).toBe(200)
    }
    expect(await dashboard.json('/api/settings')).toEqual({ status: 401, body: expect.objectContaining({ error: 'unauthorized' }) })
    expect((await dashboard.request('/login')).status).toBe(404)
  })
})

describe('auth off', () => {
  const dashboard = openTestDashboard()
  afterAll(() => dashboard.close())

  test('pages are open, with no sign-out button', async () => {
    for (const path of PAGES) {
      const response = await dashboard.request(path)
      expect(response.status).toBe(200)
      expect(await response.text()).not.toContain('Sign out')
    }
  })
})
