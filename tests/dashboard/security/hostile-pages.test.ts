import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowserWith, openPage, screenshot } from '../../support/browser'
import { sendJson, startWholeService } from '../../support/dashboard'
import { startHostileSite, startReverseProxy } from '../../support/hostile-sites'

const KEY = 'dashboard-key-0123456789abcdef'
const TORZNAB_KEY = 'torznab-key-0123456789abcdef'
const ATTACKER_KEY = 'attacker-chosen-key-0123456'

/**
 * Issue 29.1 in a real browser: the owner is signed in at dash.home.test; hostile pages on another
 * port of that host and on a sibling subdomain (same-site: the owner's SameSite=Lax cookie rides
 * along) and on another site try every change a form can make. All names map to 127.0.0.1.
 */
let service: Awaited<ReturnType<typeof startWholeService>>
let browser: Browser
const browserReady = launchBrowserWith(['--host-resolver-rules=MAP *.home.test 127.0.0.1, MAP attacker.test 127.0.0.1'])
const hostile = startHostileSite()
const port = (url: string) => new URL(url).port

beforeAll(async () => {
  service = await startWholeService({ REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY, TORZNAB_API_KEY: TORZNAB_KEY })
  browser = await browserReady
})
afterAll(() => service?.child.kill())

const dashboardAt = () => `http://dash.home.test:${port(service.dashboardUrl)}`
const asScript = { 'x-api-key': KEY }
const api = async <T = any>(path: string): Promise<T> =>
  (await (await fetch(`${service.dashboardUrl}${path}`, { headers: asScript })).json()) as T
const settingValue = async (key: string) =>
  (await api<{ items: { key: string; value: unknown }[] }>('/api/settings')).items.find((item) => item.key === key)!.value

/** The owner's browser, signed in at the dashboard through its own /login form. */
async function signedInOwner(): Promise<Page> {
  const { page } = await openPage(dashboardAt(), { browser })
  await page.goto(`${dashboardAt()}/login`)
  await page.getByLabel('Dashboard API key').fill(KEY)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${dashboardAt()}/`)
  return page
}

/** What the attacks below would change, read with the key as a script does. */
async function snapshot() {
  return {
    wants: (await api<unknown[]>('/api/wants')).length,
    torznabKey: await settingValue('torznab_api_key'),
    trustProxyHeaders: await settingValue('trust_proxy_headers'),
    unread: (await api<{ items: { read: boolean }[] }>('/api/notifications')).items.filter((item) => !item.read).length,
    torrents: (await api<{ totalTorrents: number }>('/api/stats')).totalTorrents,
    settingChanges: (await api<{ items: unknown[] }>('/api/settings/audit')).items.length,
  }
}

const ATTACKS: { name: string; action: string; fields: Record<string, string>; enctype?: string }[] = [
  { name: 'creates a want', action: '/wants', fields: { title: 'Planted', content_type: 'movie', query: 'planted', priority: 'high' } },
  { name: 'turns trust_proxy_headers on', action: '/settings/overrides/trust_proxy_headers', fields: { value: 'true' } },
  { name: 'sets the Torznab key', action: '/settings/overrides/torznab_api_key', fields: { value: ATTACKER_KEY } },
  { name: 'rotates the Torznab key', action: '/settings/regenerate-api-key', fields: { target: 'torznab' } },
  { name: 'marks every notification read', action: '/notifications/read-all', fields: {} },
  { name: 'runs the demo seed', action: '/api/seed-demo', fields: {} },
  {
    name: 'posts JSON to the API as text/plain',
    action: '/api/wants',
    fields: { '{"title":"Planted","content_type":"movie","query":"planted","priority":"high","x":"': '"}' },
    enctype: 'text/plain',
  },
]

describe('hostile pages cannot drive the dashboard of a signed-in owner', () => {
  test.each([
    ['another port of the same host', 'dash.home.test'],
    ['a sibling subdomain', 'files.home.test'],
    ['another site', 'attacker.test'],
  ])('from %s (%s): every auto-submitted form is refused and changes nothing', async (_, host) => {
    const owner = await signedInOwner()
    // A fulfilled want notifies: "mark all read" has something to change.
    const seen = await fetch(
      `${service.dashboardUrl}/api/wants`,
      sendJson('POST', { title: 'Seen', content_type: 'movie', query: 'seen', priority: 'low' }, asScript),
    )
    const { id } = (await seen.json()) as { id: string }
    await fetch(`${service.dashboardUrl}/api/wants/${id}`, sendJson('PUT', { status: 'fulfilled' }, asScript))
    const before = await snapshot()
    const origin = `http://${host}:${hostile.port}`
    for (const attack of ATTACKS) {
      const answered = owner.waitForResponse(
        (response) => response.url().startsWith(dashboardAt()) && response.request().method() === 'POST',
      )
      await owner.goto(hostile.formPage(origin, `${dashboardAt()}${attack.action}`, attack.fields, attack.enctype))
      // Refused before anything else is looked at: same-site pages carry the session, another site's do not.
      expect([attack.name, (await answered).status()]).toEqual([attack.name, 403])
    }
    const fetched = owner.waitForResponse((response) => response.url().startsWith(dashboardAt()))
    await owner.goto(hostile.fetchPage(origin, `${dashboardAt()}/api/seed-demo`, '{}'))
    expect((await fetched).status()).toBe(403)
    expect(await snapshot()).toEqual(before)
    // The session still works from the dashboard's own pages, and no forged proxy user gets in.
    await owner.goto(`${dashboardAt()}/settings`)
    expect(await owner.getByRole('heading', { level: 1 }).textContent()).toBe('Settings')
    expect((await fetch(`${service.dashboardUrl}/api/me`, { headers: { 'x-auth-user': 'anyone' } })).status).toBe(401)
    expect((await fetch(`${service.baseUrl}/torznab/api?t=caps&apikey=${TORZNAB_KEY}`)).status).toBe(200)
  })

  test("the owner's own forms work from the dashboard's pages; a script with the key works without a browser", async () => {
    const owner = await signedInOwner()
    await owner.goto(`${dashboardAt()}/wants`)
    await owner.getByLabel('Title').fill('Owner want')
    await owner.getByLabel('Query').fill('owner want')
    await owner.getByRole('button', { name: /^Add want/ }).click()
    await owner.getByRole('cell', { name: 'Owner want' }).first().waitFor()

    // Signed in a moment ago: the trust switch needs no key typed again.
    await owner.goto(`${dashboardAt()}/settings`)
    const card = owner.getByRole('region', { name: 'Trust X-Forwarded-User', exact: true })
    expect(await card.getByLabel('Dashboard API key, to confirm').count()).toBe(0)
    await card.getByLabel('New value for Trust X-Forwarded-User').selectOption({ label: 'On' })
    await card.getByRole('button', { name: /^Save/ }).click()
    await card.getByText('Overridden').waitFor()
    expect(await settingValue('trust_forwarded_user')).toBe(true)
    const audit = await api<{ items: { key: string; changed_by: string }[] }>('/api/settings/audit')
    expect(audit.items[0]).toMatchObject({ key: 'trust_forwarded_user', changed_by: expect.stringMatching(/^forms:[0-9a-f]{16}$/) })
    await screenshot(owner, 'settings-signed-in')

    const script = await fetch(
      `${service.dashboardUrl}/api/wants`,
      sendJson('POST', { title: 'Scripted', content_type: 'movie', query: 'scripted', priority: 'low' }, asScript),
    )
    expect(script.status).toBe(201)
  })
})

describe('behind a reverse proxy with another public host (trust_proxy_headers on)', () => {
  let proxied: Awaited<ReturnType<typeof startWholeService>>
  const proxyPort = startReverseProxy({ upstream: () => proxied.dashboardUrl, user: 'owner' }).port
  beforeAll(async () => {
    proxied = await startWholeService({ AUTH_METHOD: 'external', DASHBOARD_API_KEY: KEY, TRUST_PROXY_HEADERS: 'true' })
  })
  afterAll(() => proxied?.child.kill())
  const publicUrl = () => `http://proxy.home.test:${proxyPort}`

  test("the dashboard's forms work through the proxy; a change that widens trust asks for the key in its form", async () => {
    const { page, errors } = await openPage(publicUrl(), { browser })
    await page.goto(`${publicUrl()}/wants`)
    await page.getByLabel('Title').fill('Through the proxy')
    await page.getByLabel('Query').fill('through proxy')
    await page.getByRole('button', { name: /^Add want/ }).click()
    await page.getByRole('cell', { name: 'Through the proxy' }).first().waitFor()

    await page.goto(`${publicUrl()}/settings`)
    const card = page.getByRole('region', { name: 'Trust X-Forwarded-User', exact: true })
    await card.getByLabel('New value for Trust X-Forwarded-User').selectOption({ label: 'On' })
    await card.getByRole('button', { name: /^Save/ }).click()
    await card.getByText('Type the dashboard API key to confirm this change.').waitFor()
    await screenshot(page, 'settings-confirm-refused')
    await card.getByLabel('Dashboard API key, to confirm').fill('not-the-key-0123456789')
    await card.getByRole('button', { name: /^Save/ }).click()
    await card.getByText('That is not the dashboard API key').waitFor()
    await card.getByLabel('Dashboard API key, to confirm').fill(KEY)
    await card.getByRole('button', { name: /^Save/ }).click()
    await card.getByText('Overridden').waitFor()
    await screenshot(page, 'settings-confirmed')
    await page.emulateMedia({ colorScheme: 'dark' })
    await screenshot(page, 'settings-confirmed-dark')

    const keyCard = page.getByRole('region', { name: 'Regenerate the Torznab API key' })
    await keyCard.getByLabel('Dashboard API key, to confirm').fill(KEY)
    page.once('dialog', (dialog) => dialog.accept())
    await keyCard.getByRole('button', { name: 'Regenerate Torznab API key' }).click()
    await keyCard.getByText('New Torznab API key').waitFor()
    const audit = (await (await fetch(`${proxied.dashboardUrl}/api/settings/audit`, { headers: asScript })).json()) as {
      items: { key: string; changed_by: string }[]
    }
    expect(audit.items.map((row) => [row.key, row.changed_by])).toEqual([
      ['torznab_api_key', 'proxy_header:owner'],
      ['trust_forwarded_user', 'proxy_header:owner'],
    ])
    expect(errors.filter((error) => !error.includes('status of 4'))).toEqual([])
  })

  test('a sibling subdomain posting through the proxy, where everyone is the owner, is still refused', async () => {
    const { page } = await openPage(publicUrl(), { browser })
    const before = (await (await fetch(`${proxied.dashboardUrl}/api/wants`, { headers: asScript })).json()) as unknown[]
    const answered = page.waitForResponse((response) => response.url().startsWith(publicUrl()) && response.request().method() === 'POST')
    await page.goto(
      hostile.formPage(`http://files.home.test:${hostile.port}`, `${publicUrl()}/wants`, {
        title: 'Planted',
        content_type: 'movie',
        query: 'planted',
        priority: 'high',
      }),
    )
    expect((await answered).status()).toBe(403)
    const after = (await (await fetch(`${proxied.dashboardUrl}/api/wants`, { headers: asScript })).json()) as unknown[]
    expect(after).toHaveLength(before.length)
  })
})
