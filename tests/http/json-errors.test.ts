import { describe, expect, test } from 'bun:test'
import { Elysia, t } from 'elysia'
import { AppError } from '../../src/app-error'
import { UnauthorizedError } from '../../src/auth'
import { BadRequestError, jsonErrors } from '../../src/http'
import { createLogger } from '../../src/log'

function jsonApp() {
  const logLines: string[] = []
  const log = createLogger({ level: 'debug', sink: (line) => logLines.push(line) })
  const app = new Elysia()
    .use(jsonErrors({ log }))
    .get('/items/:id', ({ params }) => params, { params: t.Object({ id: t.Numeric() }) })
    .get('/search', ({ query }) => query, { query: t.Object({ limit: t.Optional(t.Numeric({ error: 'limit must be a number' })) }) })
    .post('/items', ({ body }) => body, { body: t.Object({ name: t.String() }) })
    .get('/bad-request', () => {
      throw new BadRequestError('the body must be JSON Lines')
    })
    .get('/unauthorized', () => {
      throw new UnauthorizedError()
    })
    .get('/unmapped-app-error', () => {
      throw new AppError('search_timeout', 'took longer than 1 ms')
    })
    .get('/crash', () => {
      throw new Error('database is locked at /var/lib/secret.db')
    })
  return { app, logLines }
}

async function answer(app: ReturnType<typeof jsonApp>['app'], path: string, init?: RequestInit) {
  const response = await app.handle(new Request(`http://localhost${path}`, init))
  expect(response.headers.get('content-type')).toContain('application/json')
  return { status: response.status, body: (await response.json()) as { error: string; message: string } }
}

describe('jsonErrors', () => {
  test('an unknown path is 404 not_found', async () => {
    const { app } = jsonApp()
    expect(await answer(app, '/nowhere')).toEqual({ status: 404, body: { error: 'not_found', message: 'no such endpoint' } })
  })

  test('a value failing its schema is 400 bad_request naming the part and the field', async () => {
    const { app } = jsonApp()
    const params = await answer(app, '/items/abc')
    expect(params.status).toBe(400)
    expect(params.body.error).toBe('bad_request')
    expect(params.body.message).toStartWith('params.id: ')
    const body = await answer(app, '/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":7}' })
    expect(body).toMatchObject({ status: 400, body: { error: 'bad_request' } })
    expect(body.body.message).toStartWith('body.name: ')
  })

  test("a schema's own error text is the message", async () => {
    const { app } = jsonApp()
    expect(await answer(app, '/search?limit=ten')).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'query.limit: limit must be a number' },
    })
  })

  test('a body that does not parse is 400 bad_request', async () => {
    const { app } = jsonApp()
    const response = await answer(app, '/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' })
    expect(response).toEqual({ status: 400, body: { error: 'bad_request', message: 'the body could not be parsed' } })
  })

  test('an AppError with a known code is its status, code and message', async () => {
    const { app } = jsonApp()
    expect(await answer(app, '/bad-request')).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'the body must be JSON Lines' },
    })
    expect((await answer(app, '/unauthorized')).status).toBe(401)
  })

  test('anything else is 500 internal without detail, and logged', async () => {
    const { app, logLines } = jsonApp()
    for (const path of ['/crash', '/unmapped-app-error']) {
      expect(await answer(app, path)).toEqual({ status: 500, body: { error: 'internal', message: 'unexpected error' } })
    }
    const logged = logLines.map((line) => JSON.parse(line) as { level: string; msg: string; err: { message: string } })
    expect(logged.map((line) => [line.level, line.msg, line.err.message])).toEqual([
      ['error', 'request failed', 'database is locked at /var/lib/secret.db'],
      ['error', 'request failed', 'took longer than 1 ms'],
    ])
  })

  test('covers only routes registered after it: an earlier surface keeps its own form', async () => {
    const log = createLogger({ level: 'error', sink: () => {} })
    // As the feed does: its router uses a scoped error plugin, which stops at that router.
    const xmlErrors = new Elysia({ name: 'xml-errors' }).onError(
      { as: 'scoped' },
      () => new Response('<error/>', { status: 200, headers: { 'content-type': 'application/xml' } }),
    )
    const earlier = new Elysia().use(xmlErrors).get('/feed', () => {
      throw new Error('boom')
    })
    const app = new Elysia()
      .use(earlier)
      .use(jsonErrors({ log }))
      .get('/api', () => {
        throw new Error('boom')
      })
    const feed = await app.handle(new Request('http://localhost/feed'))
    expect(feed.headers.get('content-type')).toContain('xml')
    expect(await feed.text()).toBe('<error/>')
    expect((await app.handle(new Request('http://localhost/api'))).status).toBe(500)
    expect((await app.handle(new Request('http://localhost/none'))).status).toBe(404)
  })
})
