import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { describeOnEngines } from '../support/engines'
import { FEED_KEY, startFeedService, type FeedService } from '../support/feed-fixture'
import { startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { testSql } from '../support/test-sql'
import { getTorznab } from '../support/torznab-client'

const K = `apikey=${FEED_KEY}`

async function snapshot(feed: FeedService) {
  const store = await feed.openIndex()
  try {
    const sql = testSql(store)
    return {
      torrents: Number((await sql.get<{ n: number }>('SELECT count(*) AS n FROM torrents'))!.n),
      labels: Number((await sql.get<{ n: number }>('SELECT count(*) AS n FROM ground_truth_labels'))!.n),
      // PostgreSQL has no whole-file check to ask for; its constraints refuse what SQLite's check would find.
      integrity: store.engine === 'sqlite' ? await sql.get('PRAGMA integrity_check') : null,
    }
  } finally {
    await store.close()
  }
}

describeOnEngines('Torznab requests', (engine) => {
  describe('malformed requests', () => {
    let feed: FeedService
    let before: Awaited<ReturnType<typeof snapshot>>
    beforeAll(async () => {
      feed = await startFeedService(engine)
      before = await snapshot(feed)
    })
    afterAll(() => feed?.stop())

    test.each([
      ['', 200, 't'],
      ['t=', 200, 't'],
      ['t=details', 202, 'details'],
      ['t=search&cat=abc', 201, 'cat'],
      ['t=search&cat=5000;DROP TABLE torrents', 201, 'cat'],
      ['t=search&cat=-5000', 201, 'cat'],
      ['t=search&limit=-1', 201, 'limit'],
      ['t=search&limit=1.5', 201, 'limit'],
      ['t=search&limit=ten', 201, 'limit'],
      ['t=search&offset=-100', 201, 'offset'],
      ['t=search&offset=0x10', 201, 'offset'],
      ['t=tvsearch&season=one', 201, 'season'],
      ['t=tvsearch&season=S', 201, 'season'],
      ['t=tvsearch&season=123456', 201, 'season'],
      ['t=tvsearch&season=1&ep=two', 201, 'ep'],
      ['t=tvsearch&ep=11/22', 201, 'ep'],
      ['t=tvsearch&season=2026&ep=13/45', 201, 'ep'],
      ['t=tvsearch&season=2026&ep=02/30', 201, 'ep'],
      ['t=movie&imdbid=abc', 201, 'imdbid'],
      ['t=movie&imdbid=tt', 201, 'imdbid'],
      ['t=movie&imdbid=tt0', 201, 'imdbid'],
      ['t=tvsearch&tvdbid=-1', 201, 'tvdbid'],
      ['t=tvsearch&tvdbid=1e5', 201, 'tvdbid'],
      ['t=tvsearch&tvdbid=99999999999', 201, 'tvdbid'],
      ['t=movie&tmdbid=0', 201, 'tmdbid'],
      ['t=tvsearch&tvmazeid=x', 201, 'tvmazeid'],
      ['t=tvsearch&rid=%27', 201, 'rid'],
      ['t=tvsearch&extid_tv_a=abc', 201, 'tvdbid'],
      [`t=search&q=${'a'.repeat(600)}`, 201, 'q'],
    ])('%s is error %d naming %s', async (query, code, name) => {
      const answer = await getTorznab(feed.url(`${query}&${K}`))
      expect(answer.status).toBe(200)
      expect(answer.error).toMatchObject({ code })
      expect(answer.error!.description).toContain(name)
      expect(answer.body).not.toContain(' at ')
    })

    test.each([
      't=search&q=%22',
      "t=search&q=it's",
      't=search&q=*',
      't=search&q=matrix*',
      't=search&q=matrix%20OR%20bad',
      't=search&q=NOT%20matrix',
      't=search&q=NEAR(matrix%20bad)',
      't=search&q=col:matrix',
      't=search&q=%00matrix%00',
      't=search&q=%F0%9F%98%80',
      't=search&q=%27%3B%20DROP%20TABLE%20torrents%3B--',
      't=search&q=matrix&minsize=&maxsize=',
      't=search&q=matrix&minsize=30&maxsize=30&maxage=abc',
      't=search&limit=99999999999999999999999',
      't=search&offset=99999999999',
      't=SEARCH&Q=Matrix&CAT=2000',
      't=search&extended=1&unknown=whatever',
    ])('%s is a valid feed', async (query) => {
      const answer = await getTorznab(feed.url(`${query}&${K}`))
      expect(answer.status).toBe(200)
      expect(answer.error).toBeNull()
    })

    test('limit is clamped to the advertised max and a huge offset is an empty channel', async () => {
      expect((await getTorznab(feed.url(`t=search&limit=100000&${K}`))).items.length).toBe(200)
      expect((await getTorznab(feed.url(`t=search&offset=99999999999&${K}`))).items).toEqual([])
    })

    test('uppercase parameter names and values mean the same', async () => {
      const upper = await getTorznab(feed.url(`t=SEARCH&Q=Matrix&CAT=2000&${K}`))
      expect(upper.items.length).toBe(2)
    })

    test("prowlarr's max-age values in minsize/maxsize do not empty the results (D20)", async () => {
      const answer = await getTorznab(feed.url(`t=search&q=matrix&minsize=30&maxsize=30&${K}`))
      expect(answer.items.length).toBe(2)
    })

    test('an unknown path under the feed is not HTML', async () => {
      const response = await fetch(feed.url(`t=caps&${K}`, '/torznab/nope'))
      expect(response.headers.get('content-type') ?? '').not.toContain('html')
    })

    test('nothing stored changed, and the service is healthy', async () => {
      expect(await snapshot(feed)).toEqual(before)
      expect((await fetch(`${feed.baseUrl}/healthz`)).status).toBe(200)
    })
  })

  describe('limits', () => {
    let limited: RunningService
    afterAll(() => limited?.child.kill('SIGKILL'))

    test('past SERVICE_TORZNAB_RATE_LIMIT a client gets HTTP 429, Retry-After and error 500 "Request limit reached"', async () => {
      limited = await startService({ DATA_DIR: makeTempDir(), SERVICE_TORZNAB_RATE_LIMIT: '3', ...(await engine.serviceVars()) })
      for (let i = 0; i < 3; i++) expect((await getTorznab(`${limited.baseUrl}/torznab/api?t=caps`)).error).toBeNull()
      const refused = await fetch(`${limited.baseUrl}/torznab/api?t=caps`)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.headers.get('content-type')).toContain('xml')
      expect(await refused.text()).toContain('<error code="500" description="Request limit reached"/>')
    })

    test('a search past SERVICE_SEARCH_TIMEOUT is error 203 and the server stays healthy', async () => {
      const slow = await startFeedService(engine, { SERVICE_SEARCH_TIMEOUT: '1ms' }, 5000)
      try {
        // Every filler episode matches the text and none the size, which is checked row by row.
        const answer = await getTorznab(slow.url(`t=search&${K}&q=filler&minsize=900000000`))
        expect(answer.status).toBe(200)
        expect(answer.error).toMatchObject({ code: 203 })
        expect((await fetch(`${slow.baseUrl}/healthz`)).status).toBe(200)
        expect((await getTorznab(slow.url(`t=caps&${K}`))).error).toBeNull()
        // GraphQL answers the same overrun as a field error with its path.
        const graphql = await fetch(`${slow.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query:
              '{ version torrentContent { search(input: { queryString: "filler", totalCount: true, facets: { torrentTag: { filter: ["nope"] } } }) { totalCount } } }',
          }),
        })
        const fieldError = ((await graphql.json()) as { errors: { message: string; path: string[] }[] }).errors[0]!
        expect(fieldError.message).toContain('took longer than 1 ms')
        expect(fieldError.path).toEqual(['torrentContent', 'search'])
      } finally {
        slow.stop()
      }
    })
  })
})
