import { describe, expect, test } from 'bun:test'
import { Elysia, t } from 'elysia'
import { apiKeyAuth, type ApiKeySource } from '../../src/auth'
import { jsonErrors } from '../../src/http'
import { createLogger } from '../../src/log'

const log = createLogger({ level: 'error', sink: () => {} })

/** A JSON surface as the core composes one: the error plugin, then routers using the auth plugin. */
function jsonApp(apiKey: ApiKeySource) {
  return new Elysia()
    .use(jsonErrors({ log }))
    .use(apiKeyAuth({ apiKey }))
    .post('/private/:name', ({ params }) => ({ name: params.name }), {
      apiKey: true,
      params: t.Object({ name: t.String({ pattern: '^[a-z]+$' }) }),
    })
    .get('/open', () => ({ open: true }))
}

const call = (app: ReturnType<typeof jsonApp>, path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { method: path.startsWith('/open') ? 'GET' : 'POST', headers }))

describe('apiKeyAuth', () => {
  test('answers a request without the key 401 in the JSON form', async () => {
    const response = await call(
      jsonApp(() => 'secret'),
      '/private/sonarr',
    )
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({
      error: 'unauthorized',
      message: 'a valid API key is required (apikey, Bearer or basic auth password)',
    })
  })

  test('serves a request with the key as ?apikey=, Bearer or basic password', async () => {
    const app = jsonApp(() => 'secret')
    expect((await call(app, '/private/sonarr?apikey=secret')).status).toBe(200)
    expect((await call(app, '/private/sonarr', { authorization: 'Bearer secret' })).status).toBe(200)
    const basic = `Basic ${Buffer.from('radarr:secret').toString('base64')}`
    expect(await (await call(app, '/private/radarr', { authorization: basic })).json()).toEqual({ name: 'radarr' })
    expect((await call(app, '/private/sonarr?apikey=wrong')).status).toBe(401)
  })

  test('reads the key on every request, so a changed key applies to the next one', async () => {
    let key: string | undefined = 'first-key'
    const app = jsonApp(() => key)
    expect((await call(app, '/private/a?apikey=first-key')).status).toBe(200)
    key = 'second-key'
    expect((await call(app, '/private/a?apikey=first-key')).status).toBe(401)
    expect((await call(app, '/private/a?apikey=second-key')).status).toBe(200)
    key = undefined
    expect((await call(app, '/private/a')).status).toBe(200)
  })

  test('refuses a caller without the key before judging its parameters', async () => {
    const app = jsonApp(() => 'secret')
    expect((await call(app, '/private/NOT-VALID')).status).toBe(401)
    expect((await call(app, '/private/NOT-VALID?apikey=secret')).status).toBe(400)
  })

  test('leaves routes without `apiKey: true` open', async () => {
    const response = await call(
      jsonApp(() => 'secret'),
      '/open',
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ open: true })
  })

  test('keeps each router on its own key source', async () => {
    const router = (path: string, key: string) =>
      new Elysia().use(apiKeyAuth({ apiKey: () => key })).get(path, () => 'ok', { apiKey: true })
    const app = new Elysia().use(jsonErrors({ log })).use(router('/a', 'key-a')).use(router('/b', 'key-b'))
    const status = async (path: string) => (await app.handle(new Request(`http://localhost${path}`))).status
    expect([await status('/a?apikey=key-a'), await status('/a?apikey=key-b')]).toEqual([200, 401])
    expect([await status('/b?apikey=key-b'), await status('/b?apikey=key-a')]).toEqual([200, 401])
  })
})
