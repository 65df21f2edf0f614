import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { importIntoCore, sendJson, startTestCore } from '../support/dashboard'
import { metricValue, waitFor } from '../support/dht-probe'
import { FAKE_IMAGE_BASE, startFakeTmdb } from '../support/fake-tmdb'
import { ADMIN_HEADERS, type RunningService } from '../support/processes'
import { hashOf } from '../support/search-index'
import { getTorznab } from '../support/torznab-client'
import { API_KEY, CATALOGUE } from './catalogue'

const TORZNAB_KEY = 'torznab-key-0123456789'
const RELEASES = [
  'The.Matrix.1999.1080p.BluRay.x264-GROUP',
  'The.Matrix.1999.720p.WEB-DL.x264-OTHER',
  'Breaking.Bad.S01E02.720p.HDTV.x264-GRP',
  'Breaking.Bad.S01E03.720p.HDTV.x264-GRP',
  'Matrix.Rebooted.2031.1080p.WEB-DL.x264-GRP',
].map((name, i) => ({ infoHash: hashOf(0x1900 + i), name, size: 2_000_000_000 }))

/** The works RELEASES name: The Matrix, Breaking Bad and Matrix Rebooted. */
const RELEASE_TITLES = 3

const tmdb = startFakeTmdb(CATALOGUE, API_KEY)
const running: RunningService[] = []
afterAll(() => tmdb.stop())
afterEach(async () => {
  // Each core gone before the requests are cleared: one still stopping must not call into the next test.
  for (const service of running.splice(0)) {
    service.child.kill()
    await service.child.exited
  }
  tmdb.requests.length = 0
})

async function startCore(vars: Record<string, string> = {}) {
  const core = await startTestCore({ ARTWORK_API_URL: tmdb.baseUrl, SERVICE_ARTWORK_RATE: '100', TORZNAB_API_KEY: TORZNAB_KEY, ...vars })
  running.push(core)
  await importIntoCore(core.baseUrl, RELEASES, TORZNAB_KEY)
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(core.graphqlUrl, sendJson('POST', { query, variables }, ADMIN_HEADERS))
    return (await response.json()) as { data?: any; errors?: { message: string }[] }
  }
  const torznab = (query: string) => getTorznab(`${core.baseUrl}/torznab/api?apikey=${TORZNAB_KEY}&${query}`)
  // Every title of RELEASES looked up: none waiting, and each resolved or not found (a backlog
  // not yet filled from the import also shows none pending).
  const settled = () =>
    waitFor(
      async () => {
        const titles = (status: string) => metricValue(core.baseUrl, 'enrichment_titles', { status })
        return (await titles('pending')) === 0 && (await titles('resolved')) + (await titles('not_found')) === RELEASE_TITLES
      },
      20_000,
      100,
    )
  return { core, gql, torznab, settled }
}

const attr = (item: { attrs: Map<string, string[]> }, name: string) => item.attrs.get(name)?.[0]

const CONTENT_QUERY = `query($input: TorrentContentSearchQueryInput!) { torrentContent { search(input: $input) { items {
  infoHash contentSource contentId
  content { type source id title releaseYear originalTitle overview attributes { source key value } collections { type name } externalLinks { url } }
} } } }`

describe('content enrichment in the core', () => {
  test('Torznab id searches find the resolved movie and series, with their ids and cover; GraphQL shows the content', async () => {
    const { core, gql, torznab, settled } = await startCore({ ARTWORK_API_KEY: API_KEY })
    await settled()

    const movie = await torznab('t=movie&imdbid=tt0133093')
    expect(movie.items.map((item) => item.title).sort()).toEqual([
      'The.Matrix.1999.1080p.BluRay.x264-GROUP',
      'The.Matrix.1999.720p.WEB-DL.x264-OTHER',
    ])
    const [matrix] = movie.items
    expect([attr(matrix!, 'imdb'), attr(matrix!, 'imdbid'), attr(matrix!, 'tmdbid')]).toEqual(['0133093', 'tt0133093', '603'])
    expect(attr(matrix!, 'coverurl')).toBe(`${FAKE_IMAGE_BASE}w500/poster-movie-603.jpg`)
    expect((await torznab('t=movie&tmdbid=603')).items).toHaveLength(2)

    const episode = await torznab('t=tvsearch&tvdbid=81189&season=1&ep=2')
    expect(episode.items.map((item) => item.title)).toEqual(['Breaking.Bad.S01E02.720p.HDTV.x264-GRP'])
    expect(attr(episode.items[0]!, 'tvdbid')).toBe('81189')
    expect(attr(episode.items[0]!, 'imdbid')).toBe('tt0903747')
    expect(attr(episode.items[0]!, 'coverurl')).toBe(`${FAKE_IMAGE_BASE}w500/poster-tv-1396.jpg`)

    // The look-alike resolved to nothing, so no Matrix film's id finds it.
    for (const id of ['tt0234215', 'tt0242653', 'tt10838180']) expect((await torznab(`t=movie&imdbid=${id}`)).items).toEqual([])
    // A title is looked up once however many torrents carry it: three titles, three searches.
    expect(tmdb.requests.filter((request) => request.path.startsWith('/search/'))).toHaveLength(3)

    // bitmagnet's shape: a TorrentContent's contentSource and contentId, in the facets.
    const byWork = await gql(CONTENT_QUERY, { input: { facets: { content: { filter: [{ source: 'tmdb', id: '603' }] } }, limit: 10 } })
    expect(byWork.errors).toBeUndefined()
    const items = byWork.data.torrentContent.search.items
    expect(items).toHaveLength(2)
    expect(items[0]).toMatchObject({ contentSource: 'tmdb', contentId: '603' })
    expect(items[0].content).toMatchObject({
      type: 'movie',
      source: 'tmdb',
      id: '603',
      title: 'The Matrix',
      releaseYear: 1999,
      collections: [
        { type: 'genre', name: 'Action' },
        { type: 'genre', name: 'Science Fiction' },
      ],
    })
    expect(items[0].content.attributes).toContainEqual({ source: 'imdb', key: 'id', value: 'tt0133093' })
    expect(items[0].content.attributes).toContainEqual({ source: 'tmdb', key: 'poster_path', value: '/poster-movie-603.jpg' })
    const byImdb = await gql(CONTENT_QUERY, {
      input: { facets: { content: { filter: [{ type: 'tv_show', source: 'imdb', id: 'tt0903747' }] } }, limit: 10 },
    })
    expect(byImdb.data.torrentContent.search.items).toHaveLength(2)
    // The older top-level filter still answers the same.
    const byContents = await gql(CONTENT_QUERY, { input: { contents: [{ type: 'movie', source: 'tmdb', id: '603' }], limit: 10 } })
    expect(byContents.data.torrentContent.search.items.map((item: any) => item.infoHash).sort()).toEqual(
      items.map((item: any) => item.infoHash).sort(),
    )
    // A typed work another content-type facet excludes matches nothing; a series' TMDB id is not a film's.
    const excluded = await gql(CONTENT_QUERY, {
      input: { facets: { contentType: { filter: ['tv_show'] }, content: { filter: [{ type: 'movie', source: 'tmdb', id: '603' }] } } },
    })
    expect(excluded.data.torrentContent.search.items).toEqual([])
    for (const id of ['DROP TABLE', '-1', '']) {
      const bad = await gql(CONTENT_QUERY, { input: { facets: { content: { filter: [{ source: 'tmdb', id }] } } } })
      expect(bad.errors?.[0]?.message).toContain('is not a tmdb, imdb or tvdb id')
    }
    const badSource = await gql(CONTENT_QUERY, { input: { facets: { content: { filter: [{ source: 'tvmaze', id: '169' }] } } } })
    expect(badSource.errors?.[0]?.message).toContain('"tvmaze" id "169" is not a tmdb, imdb or tvdb id')

    // The content facet counts the works of the matches, named by their looked-up titles.
    const facet = await gql(`{ torrentContent { search(input: { limit: 0, totalCount: true, facets: { content: { aggregate: true } } }) {
      totalCount aggregations { content { value { type source id } label count isEstimate } } } } }`)
    expect(facet.errors).toBeUndefined()
    expect(facet.data.torrentContent.search).toEqual({
      totalCount: 5,
      aggregations: {
        content: [
          { value: { type: 'movie', source: 'tmdb', id: '603' }, label: 'The Matrix (1999)', count: 2, isEstimate: false },
          { value: { type: 'tv_show', source: 'tmdb', id: '1396' }, label: 'Breaking Bad (2008)', count: 2, isEstimate: false },
        ],
      },
    })

    expect(await metricValue(core.baseUrl, 'enrichment_titles', { status: 'resolved' })).toBe(2)
    expect(await metricValue(core.baseUrl, 'enrichment_titles', { status: 'not_found' })).toBe(1)
    expect(await metricValue(core.baseUrl, 'enrichment_requests_total', { endpoint: 'search', outcome: 'ok' })).toBe(3)
  }, 60_000)

  test('without a key: no call at all, no cover, no content; a key set from the dashboard applies at once, and removed stops the calls', async () => {
    const { gql, torznab, settled } = await startCore()
    await Bun.sleep(1_500)
    expect(tmdb.requests).toEqual([])
    const before = await torznab('t=movie&q=matrix')
    expect(before.items.length).toBeGreaterThan(0)
    expect(before.items.every((item) => !item.attrs.has('coverurl') && !item.attrs.has('imdbid'))).toBe(true)
    expect((await torznab('t=movie&imdbid=tt0133093')).items).toEqual([])

    const apply = 'mutation($settings: [SettingInput!]!) { applySettings(settings: $settings) }'
    expect((await gql(apply, { settings: [{ key: 'artwork_api_key', value: API_KEY }] })).errors).toBeUndefined()
    await settled()
    const [found] = (await torznab('t=movie&imdbid=tt0133093')).items
    expect(attr(found!, 'coverurl')).toStartWith(FAKE_IMAGE_BASE)

    expect((await gql(apply, { settings: [] })).errors).toBeUndefined()
    await Bun.sleep(1_500)
    const calls = tmdb.requests.length
    await importIntoCore(
      running[0]!.baseUrl,
      [{ infoHash: hashOf(0x19ff), name: 'Dune.2021.2160p.WEB-DL.x265-GRP', size: 3_000_000_000 }],
      TORZNAB_KEY,
    )
    await Bun.sleep(1_500)
    expect(tmdb.requests.length).toBe(calls)
    const [after] = (await torznab('t=movie&imdbid=tt0133093')).items
    expect(after!.attrs.has('coverurl')).toBe(false)
    expect(attr(after!, 'tmdbid')).toBe('603')
  }, 60_000)
})
