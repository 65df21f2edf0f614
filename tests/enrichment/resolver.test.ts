import { afterAll, afterEach, expect, test } from 'bun:test'
import { createContentResolver, createRequestPacer, createTmdbClient } from '../../src/enrichment'
import { sleep } from '../../src/enrichment/request-pacer'
import { parseImportLine } from '../../src/importer'
import { createSearchService } from '../../src/search'
import { openSearchReader } from '../../src/store'
import { FAKE_IMAGE_BASE, startFakeTmdb } from '../support/fake-tmdb'
import { defaultWeights, hashOf } from '../support/search-index'
import { openEngineIndex } from '../support/engine-index'
import { describeOnEngines, type EngineUnderTest } from '../support/engines'
import { closeAfterSuite, closeSuiteResources } from '../support/suite-resources'
import { quietLog } from '../support/test-index'
import { API_KEY, CATALOGUE } from './catalogue'

const tmdb = startFakeTmdb(CATALOGUE, API_KEY)
afterAll(() => tmdb.stop())
afterEach(() => {
  tmdb.requests.length = 0
})

let next = 0
/** A migrated index holding these releases, a resolver on it (its clock and key steerable), and a search. */
async function setUp(
  engine: EngineUnderTest,
  names: string[],
  options: { rate?: number; timeoutMs?: number; key?: string | undefined; concurrency?: number } = {},
) {
  const index = await openEngineIndex(engine, { batchSize: 500, flushIntervalMs: 60_000 })
  /** A search on the index's own reader, as a search thread has. */
  const searchOn = async () =>
    createSearchService({
      store: closeAfterSuite(await openSearchReader(index.store.searchReaderSpec({ cacheSizeMb: 2 }))),
      weights: defaultWeights,
      timeoutMs: 10_000,
    })
  /** Imports releases one second apart (the feed's newest-first order), returning their info hashes. */
  const add = async (more: string[]) => {
    const hashes = more.map((name) => {
      const infoHash = hashOf(++next)
      const line = { infoHash, name, size: 2_000_000_000, publishedAt: 1_700_000_000 + next }
      const parsed = parseImportLine(JSON.stringify(line))
      if (!parsed.ok) throw new Error(parsed.reason)
      index.pipeline.submit(parsed.item)
      return infoHash
    })
    await index.pipeline.flush()
    return hashes
  }
  await add(names)
  // Real time that tests may move forward (a 429's wait, the 7-day recheck) without waiting.
  const clock = { offsetMs: 0 }
  const nowMs = () => Date.now() + clock.offsetMs
  const state = { key: 'key' in options ? options.key : API_KEY }
  const repository = index.store.enrichment
  const resolver = createContentResolver({
    store: repository,
    tmdb: createTmdbClient({
      baseUrl: tmdb.baseUrl,
      pacer: createRequestPacer(options.rate ?? 1000, { nowMs, sleep }),
      timeoutMs: options.timeoutMs ?? 5_000,
    }),
    apiKey: () => state.key,
    log: quietLog,
    // One lookup at a time unless asked: the order of requests is then the backlog's.
    concurrency: options.concurrency ?? 1,
    nowMs,
  })
  const search = await searchOn()
  const byIds = async (ids: Partial<{ imdb: string[]; tmdb: number[]; tvdb: number[] }>, extra: object = {}) =>
    (
      await search.search({
        text: null,
        categories: null,
        externalIds: { imdb: [], tmdb: [], tvdb: [], tvmaze: [], ...ids },
        limit: 50,
        offset: 0,
        ...extra,
      })
    ).items
  /** Steps until the backlog is empty (or a step has to wait). */
  const drain = async () => {
    for (let i = 0; i < 20; i++) {
      const report = await resolver.step()
      if (report.waitMs !== null || (!report.fed && report.resolved + report.notFound === 0)) return report
    }
    throw new Error('the backlog did not drain')
  }
  return { index, add, clock, state, repository, resolver, byIds, drain, searchOn }
}

const searches = () => tmdb.requests.filter((request) => request.path.startsWith('/search/'))

describeOnEngines('content resolver', (engine) => {
  // Each test opens its own index: closed when it ends, not held to the suite's end (PostgreSQL connections).
  afterEach(closeSuiteResources)
  test('resolves a movie and a series to one content row each, with ids, poster and genres', async () => {
    const { byIds, drain, repository } = await setUp(engine, [
      'The.Matrix.1999.1080p.BluRay.x264-GROUP',
      'Breaking.Bad.S01E02.720p.HDTV.x264-GRP',
    ])
    await drain()
    expect(await repository.counts()).toEqual({ pending: 0, resolved: 2, notFound: 0 })
    const [matrix] = await byIds({ imdb: ['tt0133093'] })
    expect(matrix?.name).toBe('The.Matrix.1999.1080p.BluRay.x264-GROUP')
    expect(matrix?.externalIds).toEqual({ imdb: 'tt0133093', tmdb: 603, tvdb: null, tvmaze: null })
    expect(matrix?.content).toMatchObject({
      contentType: 'movie',
      title: 'The Matrix',
      year: 1999,
      posterUrl: `${FAKE_IMAGE_BASE}w500/poster-movie-603.jpg`,
      genres: [
        { id: 28, name: 'Action' },
        { id: 878, name: 'Science Fiction' },
      ],
    })
    const [breaking] = await byIds({ tvdb: [81189] }, { episodes: { kind: 'season', season: 1, episode: 2 } })
    expect(breaking?.externalIds).toEqual({ imdb: 'tt0903747', tmdb: 1396, tvdb: 81189, tvmaze: null })
    expect(await byIds({ tvdb: [81189] }, { episodes: { kind: 'season', season: 1, episode: 3 } })).toEqual([])
    expect((await byIds({ tmdb: [603] })).map((item) => item.content?.tmdbId)).toEqual([603])
  })

  test('an id search over a work with many torrents pages through them, latest first, with the episode filter', async () => {
    const names = Array.from(
      { length: 150 },
      (_, i) => `Breaking.Bad.S0${1 + Math.floor(i / 30)}E${String(1 + (i % 30)).padStart(2, '0')}.720p.HDTV.x264-GRP`,
    )
    const { drain, searchOn } = await setUp(engine, names)
    await drain()
    const search = await searchOn()
    const page = (offset: number, extra: object = {}) =>
      search.search({
        text: null,
        categories: null,
        externalIds: { imdb: [], tmdb: [], tvdb: [81189], tvmaze: [] },
        limit: 100,
        offset,
        ...extra,
      })
    const first = await page(0)
    expect(first.items).toHaveLength(100)
    expect(first.hasNextPage).toBe(true)
    expect(first.items[0]?.name).toBe('Breaking.Bad.S05E30.720p.HDTV.x264-GRP')
    const second = await page(100)
    expect(second.items).toHaveLength(50)
    expect(second.hasNextPage).toBe(false)
    expect(new Set([...first.items, ...second.items].map((item) => item.name)).size).toBe(150)
    const episode = await page(0, { episodes: { kind: 'season', season: 2, episode: 7 } })
    expect(episode.items.map((item) => item.name)).toEqual(['Breaking.Bad.S02E07.720p.HDTV.x264-GRP'])
  })

  test('a second torrent of a resolved work costs no request', async () => {
    const { add, byIds, drain } = await setUp(engine, ['The.Matrix.1999.1080p.BluRay.x264-GROUP'])
    await drain()
    const before = tmdb.requests.length
    expect(before).toBeGreaterThan(0)
    await add(['The.Matrix.1999.720p.WEB-DL.x264-OTHER', 'the matrix 1999 2160p uhd bluray x265-third'])
    await drain()
    expect(tmdb.requests.length).toBe(before)
    expect(await byIds({ imdb: ['tt0133093'] })).toHaveLength(3)
  })

  test('a look-alike title or a year two off stays unresolved, and is rechecked after 7 days', async () => {
    const { byIds, clock, drain, repository } = await setUp(engine, [
      'Matrix.Rebooted.2031.1080p.WEB-DL.x264-GRP',
      'The.Matrix.2001.1080p.BluRay.x264-GRP',
    ])
    await drain()
    expect(await repository.counts()).toEqual({ pending: 0, resolved: 0, notFound: 2 })
    expect(await byIds({ imdb: ['tt0133093'] })).toEqual([])
    expect(await byIds({ tmdb: [604, 605, 624860, 603] })).toEqual([])
    const asked = searches().length
    clock.offsetMs += 6 * 86_400_000
    await drain()
    expect(searches().length).toBe(asked)
    clock.offsetMs += 2 * 86_400_000
    await drain()
    expect(searches().length).toBe(asked + 2)
  })

  test('two works of one title and no year to tell them apart stay unresolved unless one is far more popular', async () => {
    const { drain, repository } = await setUp(engine, ['The.Office.S02E03.720p.HDTV.x264-GRP', 'Dune.2021.2160p.WEB-DL.x265-GRP'])
    await drain()
    // The Office: US (120) against UK (60) is ambiguous; Dune 2021 against 1984 is told by the year.
    expect(await repository.counts()).toEqual({ pending: 0, resolved: 1, notFound: 1 })
  })

  test('ground-truth ids win over looked-up ones', async () => {
    const { byIds, drain, index } = await setUp(engine, [
      'The.Matrix.1999.1080p.BluRay.x264-GROUP',
      'The.Matrix.1999.720p.WEB-DL.x264-OTHER',
    ])
    // An *arr import confirmed the second as another work (its ids), the first as this one.
    await index.sql.run(
      "UPDATE torrent_classifications SET imdb_id = 'tt9999999', status = 'confirmed' WHERE torrent_id = (SELECT max(id) FROM torrents)",
    )
    await drain()
    expect((await byIds({ imdb: ['tt0133093'] })).map((item) => item.name)).toEqual(['The.Matrix.1999.1080p.BluRay.x264-GROUP'])
    const [confirmed] = await byIds({ imdb: ['tt9999999'] })
    expect(confirmed?.externalIds.imdb).toBe('tt9999999')
    expect(confirmed?.content).toBeNull()
  })

  test('without a key nothing is fed or asked, and posters are left out of results', async () => {
    const { byIds, drain, repository, state } = await setUp(engine, ['The.Matrix.1999.1080p.BluRay.x264-GROUP'], { key: undefined })
    await drain()
    expect(tmdb.requests).toEqual([])
    expect(await repository.counts()).toEqual({ pending: 0, resolved: 0, notFound: 0 })
    state.key = API_KEY
    await drain()
    expect((await byIds({ imdb: ['tt0133093'] }))[0]?.content?.posterUrl).toStartWith(FAKE_IMAGE_BASE)
    // The key removed: ids stay (they are facts), posters go, and no call is made any more.
    state.key = undefined
    const before = tmdb.requests.length
    await drain()
    const [matrix] = await byIds({ imdb: ['tt0133093'] })
    expect(matrix?.content?.posterUrl).toBeNull()
    expect(matrix?.externalIds.tmdb).toBe(603)
    expect(tmdb.requests.length).toBe(before)
  })

  test('backfills the torrents indexed before the key was set, newest first', async () => {
    const { add, drain, repository, state } = await setUp(engine, [], { key: undefined })
    await add(['The.Matrix.1999.1080p.BluRay.x264-GROUP', 'Dune.2021.2160p.WEB-DL.x265-GRP', 'Breaking.Bad.S01E02.720p.HDTV.x264-GRP'])
    await drain()
    state.key = API_KEY
    await drain()
    expect((await repository.counts()).resolved).toBe(3)
    const order = searches().map((request) => request.query.get('query'))
    expect(order).toEqual(['breaking bad', 'dune', 'the matrix'])
  })

  test('a 429 is honoured: nothing is asked before its Retry-After, then the backlog drains', async () => {
    const { clock, drain, repository, resolver } = await setUp(engine, ['The.Matrix.1999.1080p.BluRay.x264-GROUP'])
    tmdb.queue({ kind: '429', retryAfter: '30' })
    const report = await drain()
    expect(report.waitMs).toBe(30_000)
    expect((await repository.counts()).pending).toBe(1)
    const asked = tmdb.requests.length
    expect((await resolver.step()).waitMs).toBeGreaterThan(0)
    expect(tmdb.requests.length).toBe(asked)
    clock.offsetMs += 30_000
    await drain()
    expect(await repository.counts()).toMatchObject({ pending: 0, resolved: 1 })
  })

  test('the API down (5xx) or too slow: the title stays in the backlog and the wait grows', async () => {
    // The client's 5 s timeout leaves every other answer room on a loaded machine; the slow one never comes in time.
    const { clock, drain, repository } = await setUp(engine, ['The.Matrix.1999.1080p.BluRay.x264-GROUP'])
    tmdb.queue({ kind: 'status', status: 503 })
    expect((await drain()).waitMs).toBe(5_000)
    clock.offsetMs += 5_000
    tmdb.queue({ kind: 'slow', delayMs: 60_000 })
    expect((await drain()).waitMs).toBe(10_000)
    expect(await repository.counts()).toMatchObject({ pending: 1, resolved: 0, notFound: 0 })
    clock.offsetMs += 10_000
    await drain()
    expect(await repository.counts()).toMatchObject({ pending: 0, resolved: 1 })
  })

  test('a refused key is an API failure, not a not-found: the title waits for a good key', async () => {
    const { drain, repository, state } = await setUp(engine, ['The.Matrix.1999.1080p.BluRay.x264-GROUP'], { key: 'wrong-key-0123456789' })
    expect((await drain()).waitMs).toBe(5_000)
    expect((await repository.counts()).pending).toBe(1)
    // A new key ends the wait at once.
    state.key = API_KEY
    await drain()
    expect((await repository.counts()).resolved).toBe(1)
  })

  test('holds the rate: requests start at least 1/rate apart', async () => {
    const names = ['The.Matrix.1999.1080p.BluRay.x264-GROUP', 'Dune.2021.2160p.WEB-DL.x265-GRP', 'Breaking.Bad.S01E02.720p.HDTV.x264-GRP']
    const { drain } = await setUp(engine, names, { rate: 20, concurrency: 4 })
    const startedMs = Date.now()
    await drain()
    const times = tmdb.requests.map((request) => request.atMs).sort((a, b) => a - b)
    expect(times.length).toBeGreaterThanOrEqual(8)
    // Each reference (image base, genres of a type) is asked once, however many lookups need it.
    expect(tmdb.requests.filter((request) => request.path === '/configuration')).toHaveLength(1)
    // 20 a second: the k-th request may not start before k slots of 50 ms, so it cannot arrive
    // earlier either. A loaded machine only delays requests, so the bound holds under any load.
    for (const [k, atMs] of times.entries()) expect(atMs - startedMs).toBeGreaterThanOrEqual(k * 50)
  })

  test('a grabbed torrent jumps the backlog', async () => {
    const { add, drain, repository, resolver, state } = await setUp(engine, [], { key: undefined })
    const [matrix] = await add([
      'The.Matrix.1999.1080p.BluRay.x264-GROUP',
      'Dune.2021.2160p.WEB-DL.x265-GRP',
      'Breaking.Bad.S01E02.720p.HDTV.x264-GRP',
    ])
    // Fed as the resolver feeds, before any lookup; then the oldest is grabbed.
    const { fedThrough } = await repository.startFeeding()
    await repository.feedRange(0, fedThrough!, { fedThrough, backfillBefore: 0 })
    expect(await resolver.prioritise(matrix!)).toBe(1)
    state.key = API_KEY
    await drain()
    expect(searches().map((request) => request.query.get('query'))).toEqual(['the matrix', 'breaking bad', 'dune'])
  })
})
