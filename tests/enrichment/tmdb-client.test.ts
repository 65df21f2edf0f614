import { afterAll, describe, expect, test } from 'bun:test'
import { ArtworkApiError, createRequestPacer, createTmdbClient } from '../../src/enrichment'
import { readRetryAfterMs } from '../../src/enrichment/tmdb-client'

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
