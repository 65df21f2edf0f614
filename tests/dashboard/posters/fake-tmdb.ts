/**
 * A TMDB v3 stand-in on loopback answering the documented shapes: /configuration with `images`,
 * /movie/{id} and /tv/{id} with `poster_path`, and `{success, status_code, status_message}` errors
 * (7 with 401 for a bad key, 34 with 404 for an unknown id). It counts every request it gets.
 */
/** `rate-limited`: 429 with the Retry-After set by `setRetryAfter` (TMDB's status_code 25). */
export type FakeTmdbMode = 'ok' | 'error-500' | 'not-json' | 'hang' | 'rate-limited'

const CONFIGURATION = {
  images: {
    base_url: 'http://image.tmdb.org/t/p/',
    secure_base_url: 'https://image.tmdb.org/t/p/',
    backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
    logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
    poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
    profile_sizes: ['w45', 'w185', 'h632', 'original'],
    still_sizes: ['w92', 'w185', 'w300', 'original'],
  },
  change_keys: ['adult', 'air_date', 'also_known_as', 'alternative_titles'],
}

const MOVIES: Record<string, Record<string, unknown>> = {
  '550': {
    adult: false,
    id: 550,
    imdb_id: 'tt0137523',
    title: 'Fight Club',
    poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
    release_date: '1999-10-15',
  },
  '329865': { adult: false, id: 329865, imdb_id: 'tt2543164', title: 'Arrival', poster_path: '/hLudzvGfpi6JlwUnsNhXwKKg4j.jpg' },
  // A real title without artwork: TMDB answers 200 with poster_path null.
  '999001': { adult: false, id: 999001, title: 'An Unpostered Short', poster_path: null },
}

const SERIES: Record<string, Record<string, unknown>> = {
  '1396': { id: 1396, name: 'Breaking Bad', first_air_date: '2008-01-20', poster_path: '/ggFHVNu6YYI5L9pCfOacjizRGt.jpg' },
}

export const FAKE_TMDB_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

const tmdbError = (status: number, code: number, message: string) =>
  Response.json({ success: false, status_code: code, status_message: message }, { status })

export function startFakeTmdb() {
  const requests: string[] = []
  let mode: FakeTmdbMode = 'ok'
  let retryAfter = '10'
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      requests.push(url.pathname)
      if (mode === 'hang') return new Promise<Response>(() => {})
      if (mode === 'rate-limited')
        return Response.json(
          { success: false, status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' },
          { status: 429, headers: { 'retry-after': retryAfter } },
        )
      if (mode === 'error-500') return tmdbError(500, 11, 'Internal error: Something went wrong, contact TMDB.')
      if (mode === 'not-json') return new Response('<html>502 Bad Gateway</html>', { headers: { 'content-type': 'text/html' } })
      if (url.searchParams.get('api_key') !== FAKE_TMDB_KEY) return tmdbError(401, 7, 'Invalid API key: You must be granted a valid key.')
      if (url.pathname === '/3/configuration') return Response.json(CONFIGURATION)
      const match = /^\/3\/(movie|tv)\/(\d+)$/.exec(url.pathname)
      const title = match && (match[1] === 'movie' ? MOVIES : SERIES)[match[2]!]
      if (title) return Response.json(title)
      return tmdbError(404, 34, 'The resource you requested could not be found.')
    },
  })
  return {
    baseUrl: `http://127.0.0.1:${server.port}/3`,
    requests,
    setMode(next: FakeTmdbMode) {
      mode = next
    },
    setRetryAfter(value: string) {
      retryAfter = value
    },
    stop: () => server.stop(true),
  }
}
