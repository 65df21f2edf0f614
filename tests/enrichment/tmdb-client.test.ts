import { afterAll, describe, expect, test } from 'bun:test'
import { ArtworkApiError, createRequestPacer, createTmdbClient } from '../../src/enrichment'
import { readRetryAfterMs } from '../../src/http'
import { startFakeTmdb } from '../support/fake-tmdb'
import { createManualClock } from '../support/manual-clock'
import { API_KEY, CATALOGUE } from './catalogue'

/** A server answering each path with whatever the test sets, recording what it was asked. */
const answers = new Map<string, () => Response>()
const asked: string[] = []
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const url = new URL(request.url)
    asked.push(url.pathname + url.search)
    return answers.get(url.pathname)?.() ?? new Response('no', { status: 404 })
  },
})
afterAll(() => server.stop(true))

const client = createTmdbClient({ baseUrl: `http://127.0.0.1:${server.port}/3`, pacer: createRequestPacer(1000), timeoutMs: 30_000 })
const signal = new AbortController().signal

describe('TMDB client', () => {
  test('search keeps the well-formed results and drops or blanks the odd fields', async () => {
    answers.set('/3/search/movie', () =>
      Response.json({
        page: 1,
        results: [
          null,
          { id: 'x', title: 'No id' },
          { id: 5, title: 7 },
          {
            id: 603,
            title: 'The Matrix',
            release_date: '1999-03-30',
            poster_path: 'https://evil.example/p.jpg',
            genre_ids: [28, 'x'],
            popularity: 'hot',
          },
          { id: 604, title: 'Reloaded', release_date: 'soon', poster_path: '/r.jpg', original_title: '' },
        ],
      }),
    )
    const results = await client.search('movie', 'the matrix & co', 'key 1', signal)
    expect(results.map((result) => result.tmdbId)).toEqual([603, 604])
    expect(results[0]).toMatchObject({ posterPath: null, genreIds: [28], popularity: null, releaseDate: '1999-03-30' })
    expect(results[1]).toMatchObject({ posterPath: '/r.jpg', releaseDate: null, originalTitle: null })
    // The key and the title travel as query parameters, encoded.
    expect(asked.at(-1)).toBe('/3/search/movie?query=the+matrix+%26+co&include_adult=false&api_key=key+1')
  })

  test('external ids: IMDb ids normalised, empty or zero ids are none, an unknown work has none', async () => {
    answers.set('/3/tv/1396/external_ids', () => Response.json({ id: 1396, imdb_id: '0903747', tvdb_id: 81189 }))
    answers.set('/3/tv/7/external_ids', () => Response.json({ id: 7, imdb_id: '', tvdb_id: 0 }))
    expect(await client.externalIds('tv_show', 1396, 'k', signal)).toEqual({ imdbId: 'tt0903747', tvdbId: 81189 })
    expect(await client.externalIds('tv_show', 7, 'k', signal)).toEqual({ imdbId: null, tvdbId: null })
    expect(await client.externalIds('tv_show', 8, 'k', signal)).toEqual({ imdbId: null, tvdbId: null })
  })

  test('anything but a 200 with JSON, or a 404, is an ArtworkApiError: not JSON, no results array, a redirect, a bad key', async () => {
    const cases: [string, () => Response][] = [
      ['not JSON', () => new Response('<html>', { status: 200 })],
      ['no results', () => Response.json({ page: 1 })],
      ['redirect', () => new Response(null, { status: 302, headers: { location: 'http://example.invalid/steal' } })],
      ['refused key', () => Response.json({ success: false, status_code: 7 }, { status: 401 })],
    ]
    for (const [, answer] of cases) {
      answers.set('/3/search/tv', answer)
      const failure = await client.search('tv_show', 'x', 'k', signal).catch((err: unknown) => err)
      expect(failure).toBeInstanceOf(ArtworkApiError)
    }
    expect(asked.some((path) => path.includes('steal'))).toBe(false)
  })

  test('a 429 carries its Retry-After, capped at an hour', async () => {
    for (const [header, expected] of [
      ['7', 7_000],
      ['99999999', 3_600_000],
      ['soon', 10_000],
    ] as const) {
      answers.set('/3/search/tv', () => Response.json({ status_code: 25 }, { status: 429, headers: { 'retry-after': header } }))
      const pacedClient = createTmdbClient({
        baseUrl: `http://127.0.0.1:${server.port}/3`,
        pacer: createRequestPacer(1000),
        timeoutMs: 30_000,
      })
      const failure = (await pacedClient.search('tv_show', 'x', 'k', signal).catch((err: unknown) => err)) as ArtworkApiError
      expect(failure.retryAfterMs).toBe(expected)
    }
  })

  test('Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(readRetryAfterMs('120', now)).toBe(120_000)
    expect(readRetryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000)
    expect(readRetryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0)
    expect(readRetryAfterMs(null, now)).toBeNull()
    expect(readRetryAfterMs('-5', now)).toBeNull()
  })

  test('a stop aborts a request in flight at once', async () => {
    let arrived!: () => void
    const hasArrived = new Promise<void>((resolve) => {
      arrived = resolve
    })
    answers.set('/3/configuration', () => {
      arrived()
      return new Response(new ReadableStream({ start() {} }), { status: 200 })
    })
    const stopping = new AbortController()
    const pending = client.imageBaseUrl('k', stopping.signal).catch((err: unknown) => err)
    await hasArrived
    stopping.abort()
    const failure = await pending
    // Its own timeout (30 s) would have ended it as an ArtworkApiError: the stop ended it first.
    expect(failure).not.toBeInstanceOf(ArtworkApiError)
    expect(failure).toBeInstanceOf(Error)
  })
})

describe('a 429 holds every caller of the client until its Retry-After', () => {
  const tmdb = startFakeTmdb(CATALOGUE, API_KEY)
  afterAll(() => tmdb.stop())
  const START_MS = Date.parse('2026-03-01T12:00:00Z')

  /** A client pacing 10 requests a second on a clock the test moves, and the fake's arrivals. */
  function setUp() {
    tmdb.requests.length = 0
    const clock = createManualClock(START_MS)
    const client = createTmdbClient({ baseUrl: tmdb.baseUrl, pacer: createRequestPacer(10, clock), timeoutMs: 5_000 })
    const settle = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (err: unknown) => (err instanceof ArtworkApiError ? err : Promise.reject(err)),
      )
    /** Every kind of call at once: the first goes out now, the others wait 100, 200 and 300 ms for their slots. */
    const everyCall = () => [
      settle(client.search('movie', 'the matrix', API_KEY, signal)),
      settle(client.externalIds('movie', 603, API_KEY, signal)),
      settle(client.genres('tv_show', API_KEY, signal)),
      settle(client.imageBaseUrl(API_KEY, signal)),
    ]
    return { clock, client, settle, everyCall }
  }

  for (const [form, retryAfter] of [
    ['seconds', () => '2'],
    ['an HTTP date', () => new Date(START_MS + 2_000).toUTCString()],
  ] as const) {
    test(`given as ${form}: nothing goes out, queued or new, of any call, until it has passed`, async () => {
      const { clock, client, settle, everyCall } = setUp()
      tmdb.queue({ kind: '429', retryAfter: retryAfter() })
      const [first, ...queued] = everyCall()
      expect(clock.sleeping).toBe(3)
      const limited = (await first) as ArtworkApiError
      expect(limited).toBeInstanceOf(ArtworkApiError)
      expect(limited.retryAfterMs).toBe(2_000)
      expect(tmdb.requests).toHaveLength(1)
      // The three that were waiting for their slots when the 429 came are refused when they wake.
      clock.advance(300)
      for (const outcome of await Promise.all(queued)) expect(outcome).toBeInstanceOf(ArtworkApiError)
      expect(tmdb.requests).toHaveLength(1)
      // A new call of any kind 1 ms before the end is refused without a request, and says how long is left.
      clock.advance(1_699)
      const early = (await settle(client.externalIds('tv_show', 1396, API_KEY, signal))) as ArtworkApiError
      expect(early.retryAfterMs).toBe(1)
      expect(tmdb.requests).toHaveLength(1)
      // Once it has passed, every call goes out again, paced.
      clock.advance(1)
      const after = everyCall()
      await after[0]
      expect(tmdb.requests).toHaveLength(2)
      clock.advance(300)
      expect(await Promise.all(after)).toEqual(['ok', 'ok', 'ok', 'ok'])
      expect(tmdb.requests).toHaveLength(5)
    })
  }
})
