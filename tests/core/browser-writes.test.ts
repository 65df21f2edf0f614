/**
 * Issue 29.2: the core takes no write a browser sent for a page of another origin, whatever its
 * key setting, while the *arr apps and scripts (no Origin, no Sec-Fetch-*) keep writing as before.
 * The hostile requests are the ones a browser sends: an auto-submitted `enctype="text/plain"`
 * form whose body is JSON, and `fetch(..., { mode: 'no-cors' })`, with the headers Chromium adds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { radarrV5Download } from '../support/arr-payloads'
import { openPage } from '../support/browser'
import { type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const ADMIN_KEY = 'browser-writes-admin-key-0123456789'
const planted = (n: number) => n.toString(16).padStart(40, 'a')

/** What a text/plain form sends for `<input name='{"infoHash":...,"x":"' value='"}'>`: `name=value\r\n`. */
const formBody = (infoHash: string) =>
  `${JSON.stringify({ infoHash, name: 'Planted.Release.2024.1080p.WEB-DL-EVIL', size: 1, x: '' }).slice(0, -2)}="}\r\n`

const crossSiteForm = {
  'content-type': 'text/plain',
  origin: 'http://evil.example:8000',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
}
/** A page on another port of the same host: same-site for the browser. */
const sameSiteNoCors = {
  'content-type': 'text/plain;charset=UTF-8',
  origin: 'http://127.0.0.1:8000',
  'sec-fetch-site': 'same-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'empty',
}
/** An older browser sends Origin but no Sec-Fetch-*. */
const originOnly = { 'content-type': 'text/plain', origin: 'http://evil.example' }

async function gql(service: RunningService, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${service.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  })
  return {
    status: response.status,
    body: (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] },
  }
}

const isIndexed = async (service: RunningService, infoHash: string) =>
  (await gql(service, `{ torrentContent { search(input: { infoHashes: ["${infoHash}"], totalCount: true }) { totalCount } } }`)).body.data
    .torrentContent.search.totalCount === 1

const evidenceCount = async (service: RunningService) =>
  (await gql(service, '{ evidence(input: { limit: 1 }) { totalCount } }', { 'x-core-admin-key': ADMIN_KEY })).body.data.evidence
    .totalCount as number

describe.each([
  ['without a key', {}],
  ['with TORZNAB_API_KEY set (the key in the URL)', { TORZNAB_API_KEY: 'browser-writes-torznab-key-0123' }],
])('the core %s', (_, keyVars: Record<string, string>) => {
  let service: RunningService
  const key = keyVars.TORZNAB_API_KEY
  const withKey = (path: string) => (key ? `${path}?apikey=${key}` : path)
  beforeAll(async () => {
    service = await startService({ DATA_DIR: makeTempDir('browser-writes-'), CORE_ADMIN_KEY: ADMIN_KEY, ...keyVars }, 'core')
  })
  afterAll(() => service?.child.kill('SIGKILL'))

  test('POST /import from a browser for another site, same site or origin is 403 cross_origin and plants nothing', async () => {
    for (const [i, headers] of [crossSiteForm, sameSiteNoCors, originOnly, { ...originOnly, origin: 'null' }].entries()) {
      const response = await fetch(`${service.baseUrl}${withKey('/import')}`, { method: 'POST', headers, body: formBody(planted(i)) })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: 'cross_origin', message: expect.stringContaining('another origin') })
      expect(await isIndexed(service, planted(i))).toBe(false)
    }
  })

  test('POST /evidence/arr/... from a browser for another site records nothing', async () => {
    const before = await evidenceCount(service)
    for (const headers of [crossSiteForm, sameSiteNoCors, originOnly]) {
      const response = await fetch(`${service.baseUrl}${withKey('/evidence/arr/radarr')}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(radarrV5Download(planted(9))),
      })
      expect(response.status).toBe(403)
      expect(((await response.json()) as { error: string }).error).toBe('cross_origin')
    }
    // Refused before anything was queued: the count cannot move later.
    expect(await evidenceCount(service)).toBe(before)
  })

  test('a script or an *arr app (no Origin, no Sec-Fetch-*) imports and reports as before', async () => {
    const imported = await fetch(`${service.baseUrl}${withKey('/import')}`, { method: 'POST', body: formBody(planted(20)) })
    expect(await imported.json()).toMatchObject({ imported: 1, rejected: 0 })
    expect(await isIndexed(service, planted(20))).toBe(true)
    const before = await evidenceCount(service)
    const reported = await fetch(`${service.baseUrl}${withKey('/evidence/arr/radarr')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Radarr/5.2.6.8376 (ubuntu 22.04)' },
      body: JSON.stringify(radarrV5Download(planted(20))),
    })
    expect(reported.status).toBe(202)
    for (let i = 0; i < 100 && (await evidenceCount(service)) === before; i++) await Bun.sleep(50)
    expect(await evidenceCount(service)).toBe(before + 1)
  })

  test('a GraphQL mutation a browser sent for another origin is a 403 and deletes nothing; queries stay readable', async () => {
    const deletion = `mutation { torrent { delete(infoHashes: ["${planted(20)}"]) } }`
    const browsers: Record<string, string>[] = [
      { origin: 'http://evil.example:8000', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://127.0.0.1:8000', 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example' },
    ]
    for (const headers of browsers) {
      const refused = await gql(service, deletion, headers)
      expect(refused.status).toBe(403)
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('cross_origin')
      expect(refused.body.data ?? null).toBeNull()
    }
    expect(await isIndexed(service, planted(20))).toBe(true)
    const read = await gql(service, '{ version }', { origin: 'http://evil.example:8000', 'sec-fetch-site': 'cross-site' })
    expect(read).toEqual({ status: 200, body: { data: { version: expect.any(String) } } })
    const fromGet = await fetch(`${service.baseUrl}/graphql?query=${encodeURIComponent('{ version }')}`, {
      headers: { accept: 'application/json', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(fromGet.status).toBe(200)
  })

  test("the core's own page (GraphiQL, same origin) and a script still run mutations", async () => {
    const ownOrigin = { origin: service.baseUrl, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }
    expect(
      (await gql(service, `mutation { torrent { putTags(infoHashes: ["${planted(20)}"], tagNames: ["mine"]) } }`, ownOrigin)).body,
    ).toEqual({
      data: { torrent: { putTags: true } },
    })
    expect((await gql(service, `mutation { torrent { delete(infoHashes: ["${planted(20)}"]) } }`)).body).toEqual({
      data: { torrent: { delete: true } },
    })
    expect(await isIndexed(service, planted(20))).toBe(false)
  })
})

describe('in Chromium, a page on another port of the same host', () => {
  let service: RunningService
  let attacker: ReturnType<typeof Bun.serve>
  beforeAll(async () => {
    service = await startService({ DATA_DIR: makeTempDir('browser-writes-chromium-'), CORE_ADMIN_KEY: ADMIN_KEY }, 'core')
    const target = planted(30)
    const name = JSON.stringify({ infoHash: target, name: 'Planted.Release.2024.1080p.WEB-DL-EVIL', size: 1, x: '' }).slice(0, -2)
    // The attack as reproduced in issue 29.2: a no-cors fetch of a Radarr "imported" report, then
    // an auto-submitted text/plain form whose body is a JSON line.
    const page = `<!doctype html><body>
      <form id="f" method="POST" enctype="text/plain" action="${service.baseUrl}/import">
        <input type="hidden" name='${name.replaceAll("'", '&#39;')}' value='"}'>
      </form>
      <script>
        fetch(${JSON.stringify(`${service.baseUrl}/evidence/arr/radarr`)}, { method: 'POST', mode: 'no-cors', body: ${JSON.stringify(JSON.stringify(radarrV5Download(target)))} })
          .finally(() => document.getElementById('f').submit())
      </script></body>`
    attacker = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(page, { headers: { 'content-type': 'text/html' } }) })
  })
  afterAll(() => {
    service?.child.kill('SIGKILL')
    attacker?.stop(true)
  })

  test('its form and no-cors fetch plant no torrent and no report', async () => {
    const { page } = await openPage(`http://127.0.0.1:${attacker.port}/`)
    const answered = page.waitForResponse((response) => response.url().startsWith(`${service.baseUrl}/import`))
    await page.goto(`http://127.0.0.1:${attacker.port}/`)
    const response = await answered
    expect(response.status()).toBe(403)
    expect(await response.request().headerValue('sec-fetch-site')).toBe('same-site')
    expect(await isIndexed(service, planted(30))).toBe(false)
    expect(await evidenceCount(service)).toBe(0)
    await page.context().close()
  })
})
