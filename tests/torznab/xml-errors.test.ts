import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { Elysia, t } from 'elysia'
import { jsonErrors } from '../../src/http'
import { createLogger } from '../../src/log'
import { createRateLimiter } from '../../src/http'
import { torznabRoutes, type TorznabAnswerer } from '../../src/torznab'
import { searchFailed } from '../../src/torznab/errors'
import { torznabErrors } from '../../src/torznab/xml-errors'
import { parseXml } from '../support/torznab-client'

const KEY = 'feed-key-0123456789'
const CAPS = { contentType: 'application/xml; charset=utf-8', body: '<caps/>' }

function capturedLog() {
  const lines: string[] = []
  return { lines, log: createLogger({ level: 'debug', sink: (line) => lines.push(line) }) }
}

/** The feed as the core composes it: before the JSON errors, with a JSON route after. */
function feedApp(answer: TorznabAnswerer['answer'], options: { perMinute?: number; apiKey?: () => string | undefined } = {}) {
  const { lines, log } = capturedLog()
  const app = new Elysia()
    .use(
      torznabRoutes({
        torznab: { answer },
        apiKey: options.apiKey ?? (() => KEY),
        rateLimiter: createRateLimiter({ perMinute: options.perMinute ?? 0 }),
        log,
      }),
    )
    .use(jsonErrors({ log }))
    .get('/json', () => {
      throw new Error('boom')
    })
  return { app, logLines: lines }
}

async function torznabError(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const text = await response.text()
  expect(() => JSON.parse(text)).toThrow()
  const error = parseXml(text).error as { code: string; description: string }
  return { status: response.status, code: Number(error.code), description: error.description }
}

const get = (app: { handle(request: Request): Promise<Response> }, path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { headers }))

describe('torznabErrors', () => {
  test('a parameter failing its schema is error 201 naming it, in XML with HTTP 200', async () => {
    const { log } = capturedLog()
    const app = new Elysia().use(torznabErrors({ log })).get('/feed', () => 'ok', { query: t.Object({ limit: t.Numeric() }) })
    const answer = await torznabError(await get(app, '/feed?limit=ten'))
    expect(answer).toMatchObject({ status: 200, code: 201 })
    expect(answer.description).toStartWith('Invalid parameter: limit')
  })

  test('covers only the router that uses it: the app around it keeps its own errors', async () => {
    const { log } = capturedLog()
    const feed = new Elysia().use(torznabErrors({ log })).get('/feed', () => 'ok')
    const app = new Elysia().use(feed).use(jsonErrors({ log }))
    const response = await get(app, '/elsewhere')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'not_found', message: 'no such endpoint' })
  })
})

describe('the feed routes', () => {
  test('answer the feed with the key, and pass the raw query string on', async () => {
    const asked: string[] = []
    const { app } = feedApp(async (query) => {
      asked.push(query)
      return CAPS
    })
    const response = await get(app, `/torznab/api?T=caps&apikey=${KEY}`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<caps/>')
    expect(asked).toEqual([`?T=caps&apikey=${KEY}`])
  })

  test('answer a missing or wrong key with error 100 and HTTP 401, never JSON', async () => {
    const { app } = feedApp(async () => CAPS)
    for (const path of ['/torznab/api?t=caps', '/torznab?t=caps&apikey=wrong', '/torznab/api/api?t=caps&apikey=']) {
      expect(await torznabError(await get(app, path))).toEqual({ status: 401, code: 100, description: 'Incorrect user credentials' })
    }
  })

  test('read the key from its source on every request', async () => {
    let key = 'old-key'
    const { app } = feedApp(async () => CAPS, { apiKey: () => key })
    expect((await get(app, '/torznab/api?t=caps&apikey=old-key')).status).toBe(200)
    key = 'new-key'
    expect((await get(app, '/torznab/api?t=caps&apikey=old-key')).status).toBe(401)
    expect((await get(app, '/torznab/api?t=caps&apikey=new-key')).status).toBe(200)
  })

  test("answer the service's TorznabError as itself", async () => {
    const { app } = feedApp(async () => {
      throw searchFailed('took longer than 1 ms')
    })
    expect(await torznabError(await get(app, `/torznab/api?t=search&apikey=${KEY}`))).toEqual({
      status: 200,
      code: 203,
      description: 'Search failed: took longer than 1 ms',
    })
  })

  test('answer an unexpected fault as error 900 without detail, and log it', async () => {
    const { app, logLines } = feedApp(async () => {
      throw new Error('worker died at /srv/secret')
    })
    const answer = await torznabError(await get(app, `/torznab/api?t=search&apikey=${KEY}`))
    expect(answer).toEqual({ status: 200, code: 900, description: 'Unknown error' })
    expect(logLines.map((line) => JSON.parse(line).msg)).toEqual(['torznab request failed'])
  })

  test('gzip an error document too when the client asks for it', async () => {
    const { app } = feedApp(async () => CAPS)
    const response = await get(app, '/torznab/api?t=caps', { 'accept-encoding': 'gzip' })
    expect(response.status).toBe(401)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('<error code="100"')
  })

  test('past the rate limit, answer HTTP 429 with Retry-After and error 500', async () => {
    const { app } = feedApp(async () => CAPS, { perMinute: 1 })
    expect((await get(app, `/torznab/api?t=caps&apikey=${KEY}`)).status).toBe(200)
    const refused = await get(app, `/torznab/api?t=caps&apikey=${KEY}`)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await torznabError(refused)).toEqual({ status: 429, code: 500, description: 'Request limit reached' })
  })

  test('leave the JSON errors to the routes after them', async () => {
    const { app } = feedApp(async () => CAPS)
    const response = await get(app, '/json')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ error: 'internal', message: 'unexpected error' })
  })
})
