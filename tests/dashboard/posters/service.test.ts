import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { createPosterCacheRepository, createStateRepository, openDashboardStore } from '../../../src/dashboard/store'
import { jsonErrors } from '../../../src/http'
import { createLogger } from '../../../src/log'
import { posterRoutes } from '../../../src/dashboard/posters/routes'
import { createPosterService } from '../../../src/dashboard/posters/service'
import { createPosterClient } from '../../../src/dashboard/posters/tmdb-client'
import { makeTempDir } from '../../support/temp-dir'
import { FAKE_TMDB_KEY, startFakeTmdb } from './fake-tmdb'

const DAY_MS = 24 * 60 * 60 * 1000
const log = createLogger({ level: 'error', sink: () => {} })
const dir = makeTempDir('posters-test-')
const tmdb = startFakeTmdb()
afterAll(() => tmdb.stop())

let storeCount = 0

/** A fresh store and service over the fake TMDB; `clock.nowMs` can be moved forward. */
function setUp(options: { apiKey?: string | undefined; timeoutMs?: number } = { apiKey: FAKE_TMDB_KEY }) {
  const store = openDashboardStore(join(dir, `dashboard-${storeCount++}.db`), log)
  afterAll(() => store.close())
  const clock = { nowMs: Date.parse('2026-03-01T12:00:00Z') }
  const state = createStateRepository(store.orm)
  const posters = createPosterService({
    cache: createPosterCacheRepository(store.orm),
    state,
    tmdb: createPosterClient({ baseUrl: tmdb.baseUrl, timeoutMs: options.timeoutMs, nowMs: () => clock.nowMs }),
    apiKey: () => options.apiKey,
    nowMs: () => clock.nowMs,
  })
  const app = new Elysia().use(jsonErrors({ log })).use(posterRoutes({ posters }))
  const get = async (path: string) => {
    const response = await app.handle(new Request(`http://dashboard${path}`))
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  return { get, clock, state, store }
}

beforeEach(() => {
  tmdb.requests.length = 0
  tmdb.setMode('ok')
})

describe('GET /api/poster/:id', () => {
  test('answers the w500 poster URL built from the configuration image base and poster_path', async () => {
    const { get, state } = setUp()
    expect(await get('/api/poster/550')).toEqual({
      status: 200,
      body: { external_id: '550', media_type: 'movie', poster_url: 'https://image.tmdb.org/t/p/w500/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg' },
    })
    expect(tmdb.requests.sort()).toEqual(['/3/configuration', '/3/movie/550'])
    expect(JSON.parse(state.get('tmdb_image_base')!)).toMatchObject({ url: 'https://image.tmdb.org/t/p/' })
  })

  test('media_type=tv looks the id up as a series', async () => {
    const { get } = setUp()
    const { status, body } = await get('/api/poster/1396?media_type=tv')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      external_id: '1396',
      media_type: 'tv',
      poster_url: expect.stringMatching(/^https:\/\/image\.tmdb\.org\/t\/p\/w500\//),
    })
    expect(tmdb.requests).toContain('/3/tv/1396')
  })

  test('a second lookup is answered from the cache with no request to the artwork API', async () => {
    const { get } = setUp()
    const first = await get('/api/poster/550')
    tmdb.requests.length = 0
    expect(await get('/api/poster/550')).toEqual(first)
    expect(await get('/api/poster/0550')).toEqual(first)
    expect(tmdb.requests).toEqual([])
  })

  test('the image base is fetched once for many titles', async () => {
    const { get } = setUp()
    await get('/api/poster/550')
    await get('/api/poster/329865')
    expect(tmdb.requests.filter((path) => path === '/3/configuration')).toHaveLength(1)
  })

  test('an unknown id is 404 not_found, and the cached not-found makes no second request', async () => {
    const { get } = setUp()
    expect(await get('/api/poster/12345')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'the artwork API has no poster for movie 12345' },
    })
    expect(tmdb.requests).toEqual(['/3/movie/12345'])
    tmdb.requests.length = 0
    expect((await get('/api/poster/12345')).status).toBe(404)
    expect(tmdb.requests).toEqual([])
  })

  test('a title whose poster_path is null is a cached 404', async () => {
    const { get } = setUp()
    expect((await get('/api/poster/999001')).status).toBe(404)
    expect((await get('/api/poster/999001')).status).toBe(404)
    expect(tmdb.requests).toEqual(['/3/movie/999001'])
  })

  test('an entry older than 7 days is fetched again, and so is the image base', async () => {
    const { get, clock } = setUp()
    await get('/api/poster/550')
    clock.nowMs += 6 * DAY_MS
    await get('/api/poster/550')
    expect(tmdb.requests).toHaveLength(2)
    clock.nowMs += 1 * DAY_MS + 1
    tmdb.requests.length = 0
    expect((await get('/api/poster/550')).status).toBe(200)
    expect(tmdb.requests.sort()).toEqual(['/3/configuration', '/3/movie/550'])
  })

  test('expired entries of other ids are dropped from the store when a new answer is kept', async () => {
    const { get, clock, store } = setUp()
    await get('/api/poster/12345')
    clock.nowMs += 8 * DAY_MS
    await get('/api/poster/550')
    const rows = store.sqlite.query('SELECT external_id FROM poster_cache ORDER BY external_id').all()
    expect(rows).toEqual([{ external_id: '550' }])
  })

  test('without an API key it is 404 and nothing is sent', async () => {
    const { get } = setUp({ apiKey: undefined })
    expect(await get('/api/poster/550')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'no artwork API key is set (artwork_api_key)' },
    })
    expect(tmdb.requests).toEqual([])
  })

  test('a key set later is used from the next request on', async () => {
    const options: { apiKey?: string } = {}
    const { get } = setUp(options)
    expect((await get('/api/poster/550')).status).toBe(404)
    options.apiKey = FAKE_TMDB_KEY
    expect((await get('/api/poster/550')).status).toBe(200)
  })

  test('a server error is 502 artwork_unavailable, nothing is cached, and a later success is answered', async () => {
    const { get, store } = setUp()
    tmdb.setMode('error-500')
    expect(await get('/api/poster/550')).toEqual({
      status: 502,
      body: { error: 'artwork_unavailable', message: 'the artwork API answered HTTP 500' },
    })
    expect(store.sqlite.query('SELECT count(*) AS n FROM poster_cache').get()).toEqual({ n: 0 })
    tmdb.setMode('ok')
    expect((await get('/api/poster/550')).status).toBe(200)
  })

  for (const [form, retryAfter] of [
    ['seconds', () => '2'],
    ['an HTTP date', () => new Date(Date.parse('2026-03-01T12:00:02Z')).toUTCString()],
  ] as const) {
    test(`a 429 (Retry-After as ${form}) is 502, and no lookup of any title is sent until it has passed`, async () => {
      const { get, clock } = setUp()
      tmdb.setRetryAfter(retryAfter())
      tmdb.setMode('rate-limited')
      expect(await get('/api/poster/550')).toEqual({
        status: 502,
        body: { error: 'artwork_unavailable', message: 'the artwork API asked to wait 2000 ms (429)' },
      })
      expect(tmdb.requests).toEqual(['/3/movie/550'])
      tmdb.setMode('ok')
      // Another title, a series, the same title: none is asked for inside the window.
      clock.nowMs += 1_999
      for (const path of ['/api/poster/329865', '/api/poster/1396?media_type=tv', '/api/poster/550'])
        expect(await get(path)).toMatchObject({ status: 502, body: { message: 'the artwork API asked to wait; 1 ms left (429)' } })
      expect(tmdb.requests).toEqual(['/3/movie/550'])
      clock.nowMs += 1
      expect((await get('/api/poster/550')).status).toBe(200)
      expect(tmdb.requests.sort()).toEqual(['/3/configuration', '/3/movie/550', '/3/movie/550'])
    })
  }

  test('a refused key (401) is 502 and not cached as not-found', async () => {
    const options = { apiKey: 'not-the-key-0123456789' }
    const { get } = setUp(options)
    expect(await get('/api/poster/550')).toEqual({
      status: 502,
      body: { error: 'artwork_unavailable', message: 'the artwork API answered HTTP 401 (the artwork API key was refused)' },
    })
    options.apiKey = FAKE_TMDB_KEY
    expect((await get('/api/poster/550')).status).toBe(200)
  })

  test('an answer that is not JSON is 502', async () => {
    const { get } = setUp()
    tmdb.setMode('not-json')
    expect(await get('/api/poster/550')).toMatchObject({ status: 502, body: { error: 'artwork_unavailable' } })
  })

  test('an artwork API that does not answer in time is 502', async () => {
    const { get } = setUp({ apiKey: FAKE_TMDB_KEY, timeoutMs: 200 })
    tmdb.setMode('hang')
    expect(await get('/api/poster/550')).toEqual({
      status: 502,
      body: { error: 'artwork_unavailable', message: 'the artwork API cannot be reached' },
    })
  })

  test('an artwork API that refuses connections is 502', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const baseUrl = `http://127.0.0.1:${closed.port}/3`
    await closed.stop(true)
    const store = openDashboardStore(join(dir, 'refused.db'), log)
    afterAll(() => store.close())
    const posters = createPosterService({
      cache: createPosterCacheRepository(store.orm),
      state: createStateRepository(store.orm),
      tmdb: createPosterClient({ baseUrl }),
      apiKey: () => FAKE_TMDB_KEY,
    })
    await expect(posters.find('550', 'movie')).rejects.toMatchObject({ code: 'artwork_unavailable' })
  })

  test('concurrent requests for one id share one outbound lookup', async () => {
    const { get } = setUp()
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/api/poster/329865')))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(tmdb.requests.sort()).toEqual(['/3/configuration', '/3/movie/329865'])
  })

  test('media_type other than movie or tv is 400 naming media_type', async () => {
    const { get } = setUp()
    expect(await get('/api/poster/550?media_type=book')).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'query.media_type: must be movie or tv' },
    })
    expect(tmdb.requests).toEqual([])
  })

  test.each(['abc', '12a', '123456789012345678901', '-5'])('id %p is 400', async (id) => {
    const { get } = setUp()
    expect(await get(`/api/poster/${id}`)).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'params.id: must be a TMDB id of 1-20 digits' },
    })
  })
})
