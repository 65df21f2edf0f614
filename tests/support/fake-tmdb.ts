import { normaliseTitle } from '../../src/enrichment'

/** A work in the fake catalogue, in the fields TMDB's v3 answers carry. */
export interface FakeWork {
  id: number
  title: string
  originalTitle?: string
  /** YYYY-MM-DD */
  date: string
  imdbId?: string | null
  tvdbId?: number | null
  popularity?: number
  posterPath?: string | null
  genreIds?: number[]
}

const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'in', 'to'])

export const FAKE_IMAGE_BASE = 'https://image.tmdb.test/t/p/'

const GENRES = {
  movie: [
    { id: 28, name: 'Action' },
    { id: 878, name: 'Science Fiction' },
    { id: 18, name: 'Drama' },
  ],
  tv: [
    { id: 18, name: 'Drama' },
    { id: 80, name: 'Crime' },
    { id: 10765, name: 'Sci-Fi & Fantasy' },
  ],
}

/** What the fake does with the next requests: answer (default), fail, ask to wait, or stall. */
export type FakeBehaviour =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  | { kind: '429'; retryAfter: string }
  | { kind: 'slow'; delayMs: number }

export interface FakeTmdb {
  baseUrl: string
  /** Every request: path with its query, and when it arrived (ms). */
  requests: { path: string; query: URLSearchParams; atMs: number }[]
  /** The next `count` requests behave so; later ones answer normally. */
  queue(behaviour: FakeBehaviour, count?: number): void
  stop(): void
}

/**
 * TMDB's v3 API on loopback, with its real shapes: /search/movie and /search/tv (several
 * candidates: every work sharing a word with the query, the same title first, then the most
 * popular, page 1 of 20),
 * /{movie,tv}/{id}/external_ids, /genre/{movie,tv}/list, /configuration, errors as
 * `{success: false, status_code, status_message}`, 401 for a wrong api_key, 429 with Retry-After.
 * `latencyMs` delays every answer, as a real API's round trip does.
 */
export function startFakeTmdb(
  catalogue: { movie: FakeWork[]; tv: FakeWork[] },
  apiKey: string,
  options: { latencyMs?: number } = {},
): FakeTmdb {
  const requests: FakeTmdb['requests'] = []
  const pending: FakeBehaviour[] = []
  const error = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    Response.json({ success: false, status_code: code, status_message: message }, { status, headers })

  const answer = (url: URL): Response => {
    const path = url.pathname.replace(/^\/3/, '')
    if (url.searchParams.get('api_key') !== apiKey) return error(401, 7, 'Invalid API key: You must be granted a valid key.')
    if (path === '/configuration')
      return Response.json({
        images: {
          base_url: FAKE_IMAGE_BASE.replace('https', 'http'),
          secure_base_url: FAKE_IMAGE_BASE,
          poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
          backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
        },
        change_keys: ['adult', 'air_date'],
      })
    const genres = /^\/genre\/(movie|tv)\/list$/.exec(path)
    if (genres) return Response.json({ genres: GENRES[genres[1] as 'movie' | 'tv'] })
    const search = /^\/search\/(movie|tv)$/.exec(path)
    if (search) {
      const kind = search[1] as 'movie' | 'tv'
      const query = normaliseTitle(url.searchParams.get('query') ?? '')
      const words = new Set(query.split(' ').filter((word) => !STOP_WORDS.has(word)))
      // As TMDB ranks them: the exact title first, then the most popular.
      const exact = (work: FakeWork) => (normaliseTitle(work.title) === query ? 1 : 0)
      const hits = catalogue[kind]
        .filter((work) =>
          normaliseTitle(work.title)
            .split(' ')
            .some((word) => words.has(word)),
        )
        .sort((a, b) => exact(b) - exact(a) || (b.popularity ?? 1) - (a.popularity ?? 1))
      return Response.json({
        page: 1,
        results: hits.slice(0, 20).map((work) => toResult(kind, work)),
        total_pages: Math.max(1, Math.ceil(hits.length / 20)),
        total_results: hits.length,
      })
    }
    const ids = /^\/(movie|tv)\/(\d+)\/external_ids$/.exec(path)
    if (ids) {
      const kind = ids[1] as 'movie' | 'tv'
      const work = catalogue[kind].find((candidate) => candidate.id === Number(ids[2]))
      if (!work) return error(404, 34, 'The resource you requested could not be found.')
      return Response.json(
        kind === 'movie'
          ? { id: work.id, imdb_id: work.imdbId ?? null, wikidata_id: null, facebook_id: null, instagram_id: null, twitter_id: null }
          : {
              id: work.id,
              imdb_id: work.imdbId ?? null,
              freebase_mid: null,
              freebase_id: null,
              tvdb_id: work.tvdbId ?? null,
              tvrage_id: null,
              wikidata_id: null,
            },
      )
    }
    return error(404, 34, 'The resource you requested could not be found.')
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      requests.push({ path: url.pathname.replace(/^\/3/, ''), query: url.searchParams, atMs: Date.now() })
      const behaviour = pending.shift() ?? { kind: 'ok' }
      // A real API's round trip, for the bench; tests leave it at 0.
      if (options.latencyMs) await Bun.sleep(options.latencyMs)
      switch (behaviour.kind) {
        case 'ok':
          return answer(url)
        case 'status':
          return error(behaviour.status, 11, 'Internal error: Something went wrong, contact TMDb.')
        case '429':
          return error(429, 25, 'Your request count (41) is over the allowed limit of 40.', { 'retry-after': behaviour.retryAfter })
        case 'slow':
          await Bun.sleep(behaviour.delayMs)
          return answer(url)
      }
    },
  })
  return {
    baseUrl: `http://127.0.0.1:${server.port}/3`,
    requests,
    queue(behaviour, count = 1) {
      for (let i = 0; i < count; i++) pending.push(behaviour)
    },
    stop: () => server.stop(true),
  }
}

function toResult(kind: 'movie' | 'tv', work: FakeWork) {
  const common = {
    adult: false,
    backdrop_path: null,
    genre_ids: work.genreIds ?? [18],
    id: work.id,
    original_language: 'en',
    overview: `Overview of ${work.title}.`,
    popularity: work.popularity ?? 1,
    poster_path: work.posterPath === undefined ? `/poster-${kind}-${work.id}.jpg` : work.posterPath,
    vote_average: 7.1,
    vote_count: 1200,
  }
  return kind === 'movie'
    ? { ...common, original_title: work.originalTitle ?? work.title, release_date: work.date, title: work.title, video: false }
    : { ...common, origin_country: ['US'], original_name: work.originalTitle ?? work.title, first_air_date: work.date, name: work.title }
}
