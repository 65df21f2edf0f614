import { afterAll, describe, expect, test } from 'bun:test'
import { frontPage } from '../../src/core/front-page'
import { expectNoSeriousAxeViolations } from '../support/axe'
import { expectNoHorizontalOverflow, openPage, screenshot, VIEWS, viewName } from '../support/browser'
import { startWholeService } from '../support/dashboard'
import { startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

describe('GET / of the core', () => {
  const alone = frontPage({ dashboard: { publicUrl: null, port: () => 8080, isInProcess: false } })

  test('a browser is shown a page linking to the dashboard on the same host', async () => {
    const response = await alone.handle(new Request('http://nas.lan:3333/', { headers: { accept: BROWSER_ACCEPT } }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toContain('<a href="http://nas.lan:8080/">http://nas.lan:8080/</a>')
    expect(html).toContain('<h1>dht-indexer core</h1>')
  })

  test('DASHBOARD_PUBLIC_URL is the link when set', async () => {
    const behindProxy = frontPage({ dashboard: { publicUrl: 'https://dash.example/', port: () => 8080, isInProcess: false } })
    const html = await (await behindProxy.handle(new Request('http://core.lan:3333/', { headers: { accept: BROWSER_ACCEPT } }))).text()
    expect(html).toContain('<a href="https://dash.example/">')
  })

  test('a script is answered the JSON 404, naming the dashboard', async () => {
    const response = await alone.handle(new Request('http://nas.lan:3333/', { headers: { accept: '*/*' } }))
    expect(response.status).toBe(404)
    const body = (await response.json()) as { error: string; message: string }
    expect(body.error).toBe('not_found')
    expect(body.message).toContain('http://nas.lan:8080/')
  })

  test('a hostile Host header cannot put markup in the page', async () => {
    const core = await startService({ DATA_DIR: makeTempDir() }, 'core')
    try {
      for (const host of ['"><script>alert(1)</script>', "x'onmouseover=alert(1)"]) {
        const html = await rawGet(core.baseUrl, host)
        expect(html).toContain('HTTP/1.1 200')
        expect(html).not.toContain('<script>')
        expect(html).not.toContain("'onmouseover")
      }
    } finally {
      core.child.kill()
      await core.child.exited
    }
  })
})

/** GET / with this Host header exactly as given (fetch would set its own), answered whole. */
async function rawGet(baseUrl: string, host: string): Promise<string> {
  const { promise, resolve } = Promise.withResolvers<string>()
  let answer = ''
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port: Number(new URL(baseUrl).port),
    socket: {
      data: (_, chunk) => {
        answer += chunk.toString()
      },
      close: () => resolve(answer),
    },
  })
  socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nAccept: ${BROWSER_ACCEPT}\r\nConnection: close\r\n\r\n`)
  return promise
}

describe('GET / of the core in a browser', () => {
  let service: Awaited<ReturnType<typeof startWholeService>>
  afterAll(() => service?.child.kill())

  test('with the dashboard in the same process, opening the core lands on the dashboard', async () => {
    service = await startWholeService()
    const { page, errors } = await openPage(service.baseUrl)
    await page.goto(`${service.baseUrl}/`)
    expect(page.url()).toBe(`${service.dashboardUrl}/`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview')
    expect(errors).toEqual([])
  })

  test('with the core alone, the page links to the dashboard, readable in every view with no serious axe violation', async () => {
    const core = await startService({ DATA_DIR: makeTempDir(), DASHBOARD_PORT: '8099' }, 'core')
    try {
      for (const view of VIEWS) {
        const { page, errors } = await openPage(core.baseUrl, view)
        await page.goto(`${core.baseUrl}/`)
        const link = page.getByRole('link', { name: 'http://127.0.0.1:8099/' })
        expect(await link.getAttribute('href')).toBe('http://127.0.0.1:8099/')
        await expectNoSeriousAxeViolations(page, `core front page ${viewName(view)}`)
        if (view.width === 390) await expectNoHorizontalOverflow(page)
        await screenshot(page, `core-front-page-${viewName(view)}`)
        expect(errors).toEqual([])
      }
    } finally {
      core.child.kill()
      await core.child.exited
    }
  })
})
