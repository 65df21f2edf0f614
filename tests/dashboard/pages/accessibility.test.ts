/**
 * Every page of the dashboard through axe-core (issue 32): no serious or critical violation, in
 * the light and the dark theme, at 1280 px and at a 390 px phone, with a screenshot of each.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { DEMO_RELEASES } from '../../../src/dashboard/demo/demo-releases'
import { expectNoSeriousAxeViolations } from '../../support/axe'
import { expectNoHorizontalOverflow, openPage, screenshot } from '../../support/browser'
import { startWholeService } from '../../support/dashboard'

const KEY = 'accessibility-dashboard-key-0123'
const DUNE = DEMO_RELEASES.find((release) => release.name.startsWith('Dune.Part.Two'))!.infoHash
const PAST_LIVES = DEMO_RELEASES.find((release) => release.name.startsWith('Past.Lives'))!.infoHash

let service: Awaited<ReturnType<typeof startWholeService>>
let withLogin: Awaited<ReturnType<typeof startWholeService>>
let wantId: string

beforeAll(async () => {
  ;[service, withLogin] = await Promise.all([startWholeService(), startWholeService({ AUTH_METHOD: 'forms', DASHBOARD_API_KEY: KEY })])
  expect((await fetch(`${service.dashboardUrl}/api/seed-demo`, { method: 'POST' })).status).toBe(200)
  // Something on the block list.
  const graphql = await fetch(`${service.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `mutation { torrent { delete(infoHashes: ["${PAST_LIVES}"]) } }` }),
  })
  expect(graphql.status).toBe(200)
  const wants = (await (await fetch(`${service.dashboardUrl}/api/wants`)).json()) as { id: string }[]
  wantId = wants[0]!.id
})
afterAll(() => {
  service?.child.kill()
  withLogin?.child.kill()
})

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** Every page the dashboard serves, by the name its screenshot takes. */
const PAGES = (): { name: string; path: string }[] => [
  { name: 'overview', path: '/' },
  { name: 'library', path: '/library' },
  { name: 'library-filtered', path: '/library?q=dune&content_type=movie&resolution=2160p&order=size' },
  { name: 'library-nothing', path: '/library?q=zzzz+nothing' },
  { name: 'library-detail', path: `/library/${DUNE}` },
  { name: 'block-list', path: '/library/blocked' },
  { name: 'wants', path: '/wants' },
  { name: 'want-detail', path: `/wants/${wantId}` },
  { name: 'evidence', path: '/evidence' },
  { name: 'notifications', path: '/notifications' },
  { name: 'settings', path: '/settings' },
  { name: 'setup', path: '/setup' },
  { name: 'not-found', path: '/no-such-page' },
]

async function check(page: Page, name: string, colorScheme: 'light' | 'dark', size: (typeof SIZES)[number]) {
  await page.emulateMedia({ colorScheme })
  const where = `${name} ${colorScheme} ${size.width}px`
  await expectNoSeriousAxeViolations(page, where)
  if (size.width === 390) await expectNoHorizontalOverflow(page)
  await screenshot(page, `a11y-${name}-${colorScheme}-${size.name}`)
}

describe('axe-core on every page', () => {
  for (const size of SIZES)
    test(`no serious or critical violation at ${size.width} px, light and dark`, async () => {
      const { page, errors } = await openPage(service.dashboardUrl, { width: size.width, height: size.height })
      for (const { name, path } of PAGES()) {
        const response = await page.goto(`${service.dashboardUrl}${path}`)
        expect({ path, status: response!.status() }).toEqual({ path, status: name === 'not-found' ? 404 : 200 })
        await page.waitForLoadState('networkidle')
        for (const colorScheme of ['light', 'dark'] as const) await check(page, name, colorScheme, size)
      }
      // The not-found page's own 404 is the one error the console may show.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)'])
    })

  for (const size of SIZES)
    test(`the sign-in page and the delete confirmation at ${size.width} px, light and dark`, async () => {
      const signIn = await openPage(withLogin.dashboardUrl, { width: size.width, height: size.height })
      await signIn.page.goto(`${withLogin.dashboardUrl}/login`)
      for (const colorScheme of ['light', 'dark'] as const) await check(signIn.page, 'login', colorScheme, size)
      // Without JavaScript a bulk delete asks on a page of its own: that is the form's own submission.
      const { page } = await openPage(service.dashboardUrl, { width: size.width, height: size.height })
      await page.goto(`${service.dashboardUrl}/library?q=dune`)
      await page.evaluate(`(() => {
        const form = document.createElement('form')
        form.method = 'post'
        form.action = '/library/selection/delete'
        form.innerHTML = '<input name="info_hash" value="${DUNE}">'
        document.body.append(form)
        form.submit()
      })()`)
      await page.getByRole('heading', { name: 'Delete torrents?' }).waitFor()
      for (const colorScheme of ['light', 'dark'] as const) await check(page, 'library-delete-confirm', colorScheme, size)
    })
})
