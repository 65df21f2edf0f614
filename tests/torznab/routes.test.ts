/**
 * The exact request sequences of Sonarr, Radarr and Prowlarr (shared reference part c) against the
 * real service, read the way those clients read them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { describeOnEngines } from '../support/engines'
import { FEED_KEY, FEED_RELEASES, startFeedService, type FeedService } from '../support/feed-fixture'
import { type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { attr, categoriesOf, getTorznab, parseXml, type FeedItem } from '../support/torznab-client'

const K = `apikey=${FEED_KEY}`
const RADARR_CATS = '2000,2010,2020,2030,2040,2045,2050,2060'
const titles = (items: FeedItem[]) => items.map((item) => item.title)

/** What the clients check on every item they keep (R21-R30). */
function expectClientReadable(items: FeedItem[]): void {
  for (const item of items) {
    expect(item.title.length).toBeGreaterThan(0)
    expect(item.guid).toMatch(/^[0-9a-f]{40}$/)
    expect(item.pubDate.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    expect(['application/x-bittorrent', 'application/x-bittorrent;x-scheme-handler/magnet']).toContain(item.enclosure.type)
    expect(item.enclosure.url).toMatch(/^magnet:\?xt=urn:bt(ih|mh):[0-9a-f]+/)
    expect(item.enclosure.url).not.toMatch(/[\s\u0080-\uffff]/)
    expect(item.size).toMatch(/^\d+$/)
    expect(categoriesOf(item).length).toBeGreaterThan(0)
    expect(attr(item, 'infohash')).toBe(item.guid)
    expect(attr(item, 'magneturl')).toBe(item.enclosure.url)
    const seeders = attr(item, 'seeders')
    if (seeders !== undefined) expect(Number(attr(item, 'peers'))).toBeGreaterThanOrEqual(Number(seeders))
    const imdbid = attr(item, 'imdbid')
    if (imdbid !== undefined) expect(imdbid).toMatch(/^tt\d{7,}$/)
  }
}

/** One GET over a raw socket, so the Host header is exactly the one given (fetch may rewrite it). */
async function rawGet(baseUrl: string, target: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl)
  const reply = await new Promise<string>((resolve, reject) => {
    const chunks: Uint8Array[] = []
    void Bun.connect({
      hostname,
      port: Number(port),
      socket: {
        open: (socket) => void socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
        data: (_socket, chunk) => void chunks.push(new Uint8Array(chunk)),
        close: () => resolve(Buffer.concat(chunks).toString('utf8')),
        error: (_socket, err) => reject(err),
      },
    })
  })
  const [head = '', ...rest] = reply.split('\r\n\r\n')
  return { status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') }
}

describeOnEngines('Torznab routes', (engine) => {
  let feed: FeedService
  beforeAll(async () => {
    feed = await startFeedService(engine)
  })
  afterAll(() => feed?.stop())

  describe('caps', () => {
    test('parse as Sonarr, Radarr and Prowlarr parse them', async () => {
      const answer = await getTorznab(feed.url(`t=caps&${K}`))
      expect(answer.status).toBe(200)
      expect(answer.contentType).toContain('xml')
      const caps = parseXml(answer.body).caps
      expect(Number.isInteger(Number(caps.limits.default))).toBe(true)
      expect(Number(caps.limits.max)).toBeGreaterThanOrEqual(100)
      for (const element of ['search', 'tv-search', 'movie-search', 'music-search', 'audio-search', 'book-search']) {
        expect(caps.searching[element].available).toBe('yes')
        expect(caps.searching[element].supportedParams).not.toContain(' ')
      }
      const tvParams = caps.searching['tv-search'].supportedParams.split(',')
      for (const param of ['q', 'season', 'ep', 'tvdbid', 'imdbid']) expect(tvParams).toContain(param)
      expect(caps.searching['movie-search'].supportedParams.split(',')).toEqual(expect.arrayContaining(['q', 'imdbid', 'tmdbid']))
      const ids = caps.categories.category
        .flatMap((category: any) => [category.id, ...(category.subcat ?? []).map((sub: any) => sub.id)])
        .map(Number)
      for (const id of [5030, 5040, 5070, 2000, 2010, 2020, 2030, 2040, 2045, 2050, 2060, 7020, 7030]) expect(ids).toContain(id)
      const books = caps.categories.category.find((category: any) => category.id === '7000')
      expect(books.subcat.find((sub: any) => sub.id === '7020').name).toBe('EBook')
      for (const category of caps.categories.category) expect(category.name).toBeTruthy()
    })
  })

  describe('Sonarr', () => {
    test('Test button and RSS sync: tvsearch in cat 5030,5040 pages by 100 in one stable newest-first order', async () => {
      const pages: FeedItem[][] = []
      for (const offset of [0, 100, 200, 300]) {
        const answer = await getTorznab(feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=${offset}&limit=100`))
        expect(answer.error).toBeNull()
        expectClientReadable(answer.items)
        pages.push(answer.items)
      }
      expect(pages[0]!.length).toBe(100)
      expect(pages[1]!.length).toBe(100)
      expect(pages[2]!.length).toBeGreaterThan(0)
      expect(pages[2]!.length).toBeLessThan(100)
      expect(pages[3]!).toEqual([])
      const all = pages.flat()
      expect(new Set(all.map((item) => item.guid)).size).toBe(all.length)
      const times = all.map((item) => item.pubDate.getTime())
      expect(times).toEqual([...times].sort((a, b) => b - a))
      for (const item of all) expect(categoriesOf(item).some((category) => category === 5030 || category === 5040)).toBe(true)
    })

    test('episode search: the id tier finds the confirmed episode only', async () => {
      const answer = await getTorznab(
        feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=0&limit=100&tvdbid=81189&imdbid=tt0903747&tvmazeid=169&season=1&ep=2`),
      )
      expect(titles(answer.items)).toEqual([FEED_RELEASES.breakingBadS01E02.name])
      const item = answer.items[0]!
      expect(attr(item, 'tvdbid')).toBe('81189')
      expect(attr(item, 'imdb')).toBe('0903747')
      expect(attr(item, 'seeders')).toBe('12')
      expect(attr(item, 'peers')).toBe('15')
    })

    test('an id nothing here knows gives an empty channel, so the title tier runs (R43)', async () => {
      const answer = await getTorznab(feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=0&limit=100&tvdbid=999999&season=1&ep=2`))
      expect(answer.error).toBeNull()
      expect(answer.items).toEqual([])
      const rageOnly = await getTorznab(feed.url(`t=tvsearch&${K}&rid=12345&season=1&ep=2`))
      expect(rageOnly.items).toEqual([])
    })

    test('title tier: q with season and ep finds SxxEyy, 1x02 and the season pack', async () => {
      const answer = await getTorznab(
        feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=0&limit=100&q=Breaking%20Bad&season=1&ep=2`),
      )
      expect(titles(answer.items).sort()).toEqual(
        [FEED_RELEASES.breakingBadS01E02.name, FEED_RELEASES.breakingBad1x02.name, FEED_RELEASES.breakingBadSeason1.name].sort(),
      )
      const season = await getTorznab(feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=0&limit=100&q=Breaking%20Bad&season=2`))
      expect(titles(season.items)).toEqual([FEED_RELEASES.breakingBadS02E02.name])
    })

    test('daily shows by season=YYYY and ep=MM/DD, and specials by season=00', async () => {
      const daily = await getTorznab(
        feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=0&limit=100&q=The%20Daily%20Show&season=2026&ep=11/22`),
      )
      expect(titles(daily.items)).toEqual([FEED_RELEASES.dailyShow.name])
      const wrongDay = await getTorznab(feed.url(`t=tvsearch&${K}&q=Daily%20Show&season=2026&ep=11/23`))
      expect(wrongDay.items).toEqual([])
      const specials = await getTorznab(
        feed.url(`t=tvsearch&cat=5030,5040&extended=1&${K}&offset=0&limit=100&q=Doctor%20Who&season=00&ep=5`),
      )
      expect(titles(specials.items)).toEqual([FEED_RELEASES.doctorWhoSpecial.name])
    })

    test('anime: the series id with an absolute episode as q, then the title with the number', async () => {
      const byId = await getTorznab(feed.url(`t=tvsearch&cat=5070&extended=1&${K}&offset=0&limit=100&tvdbid=305074&q=05`))
      expect(titles(byId.items)).toEqual([FEED_RELEASES.animeEpisode5.name])
      const byTitle = await getTorznab(feed.url(`t=search&cat=5070&extended=1&${K}&offset=0&limit=100&q=Boku%20no%20Hero%20Academia+05`))
      expect(titles(byTitle.items)).toEqual([FEED_RELEASES.animeEpisode5.name])
    })
  })

  describe('Radarr', () => {
    test('Test button and RSS: t=movie in the default movie categories', async () => {
      const answer = await getTorznab(feed.url(`t=movie&cat=${RADARR_CATS}&extended=1&${K}&offset=0&limit=100`))
      expect(answer.items.length).toBeGreaterThan(0)
      expectClientReadable(answer.items)
      for (const item of answer.items) expect(categoriesOf(item)).toContain(2000)
    })

    test('id tier with imdbid without tt, then the title tier with the year', async () => {
      const byId = await getTorznab(feed.url(`t=movie&cat=${RADARR_CATS}&extended=1&${K}&offset=0&limit=100&tmdbid=603&imdbid=0133093`))
      expect(titles(byId.items).sort()).toEqual([FEED_RELEASES.matrix1080.name, FEED_RELEASES.matrix2160.name].sort())
      for (const item of byId.items) {
        expect(attr(item, 'imdbid')).toBe('tt0133093')
        expect(attr(item, 'tmdbid')).toBe('603')
      }
      expect(categoriesOf(byId.items.find((item) => item.title === FEED_RELEASES.matrix2160.name)!)).toEqual([2000, 2045])
      const byTitle = await getTorznab(feed.url(`t=search&cat=${RADARR_CATS}&extended=1&${K}&offset=0&limit=100&q=Matrix%201999`))
      expect(titles(byTitle.items).sort()).toEqual([FEED_RELEASES.matrix1080.name, FEED_RELEASES.matrix2160.name].sort())
    })
  })

  describe('Prowlarr', () => {
    test('Test: t=search with no q, no cat, no limit returns recent items', async () => {
      const answer = await getTorznab(feed.url(`t=search&extended=1&${K}`))
      expect(answer.items.length).toBe(50)
      expectClientReadable(answer.items)
    })

    test('relayed RSS, movie ids in Prowlarr form, and the title tier with + and a literal %20', async () => {
      const rss = await getTorznab(feed.url(`t=search&extended=1&cat=5000,5020,5030,5040&${K}&limit=100&offset=0`))
      expect(rss.items.length).toBe(100)
      const movie = await getTorznab(feed.url(`t=movie&extended=1&cat=2000&${K}&tmdbid=603&imdbid=0133093&limit=100&offset=0`))
      expect(movie.items.length).toBe(2)
      const plus = await getTorznab(feed.url(`t=search&extended=1&cat=2000&${K}&q=Matrix+1999&limit=100&offset=0`))
      expect(plus.items.length).toBe(2)
      const literal = await getTorznab(feed.url(`t=search&extended=1&${K}&q=Matrix%25201999`))
      expect(literal.items.length).toBe(2)
    })

    test('language attributes are English names', async () => {
      const answer = await getTorznab(feed.url(`t=movie&${K}&q=Grand%20Bleu`))
      expect(answer.items[0]!.attrs.get('language')).toEqual(['French'])
    })
  })

  describe('the feed as a transport', () => {
    test('serves /torznab, /torznab/api and /torznab/api/api alike', async () => {
      for (const path of ['/torznab', '/torznab/api', '/torznab/api/api']) {
        const answer = await getTorznab(feed.url(`t=caps&${K}`, path))
        expect(answer.error).toBeNull()
      }
    })

    test('any other path or method under /torznab is a Torznab error in XML, never JSON', async () => {
      for (const [path, method] of [
        ['/torznab/foo', 'GET'],
        ['/torznab/all/api', 'GET'],
        ['/torznab/api', 'POST'],
        ['/torznab/api', 'OPTIONS'],
      ] as const) {
        const response = await fetch(feed.url(`t=caps&${K}`, path), { method })
        expect([path, method, response.status]).toEqual([path, method, 404])
        expect(response.headers.get('content-type')).toStartWith('application/xml')
        const body = await response.text()
        expect(body).toStartWith('<?xml')
        expect(body).toContain('code="202"')
        expect(body).toContain(`${method} ${path}`)
      }
    })

    test('a missing or wrong key is error 100 with HTTP 401 in XML; Bearer works too', async () => {
      for (const url of [feed.url('t=search'), feed.url('t=search&apikey=wrong'), feed.url('t=caps&apikey=')]) {
        const answer = await getTorznab(url)
        expect(answer.status).toBe(401)
        expect(answer.error!.code).toBe(100)
      }
      const bearer = await getTorznab(feed.url('t=search&limit=1'), { headers: { authorization: `Bearer ${FEED_KEY}` } })
      expect(bearer.items.length).toBe(1)
    })

    test('gzip only when the client asks for it', async () => {
      const plain = await fetch(feed.url(`t=caps&${K}`), { headers: { 'accept-encoding': 'identity' }, decompress: false })
      expect(plain.headers.get('content-encoding')).toBeNull()
      const deflateOnly = await fetch(feed.url(`t=caps&${K}`), { headers: { 'accept-encoding': 'deflate' }, decompress: false })
      expect(deflateOnly.headers.get('content-encoding')).toBeNull()
      const gzip = await fetch(feed.url(`t=caps&${K}`), { headers: { 'accept-encoding': 'gzip, br' }, decompress: false })
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
      const body = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))
      expect(body.startsWith('<?xml')).toBe(true)
    })

    test('a search page gzipped by the search worker is the plain page, byte for byte', async () => {
      const url = feed.url(`t=search&${K}&q=the`)
      const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' }, decompress: false })
      const gzip = await fetch(url, { headers: { 'accept-encoding': 'gzip' }, decompress: false })
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
      expect(gzip.headers.get('vary')).toBe('accept-encoding')
      const unzipped = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))
      const plainBody = await plain.text()
      expect(plainBody).toContain('<item>')
      expect(unzipped).toBe(plainBody)
    })

    test('a name with control characters, markup and a lone surrogate stays well-formed', async () => {
      const answer = await getTorznab(feed.url(`t=search&${K}&q=quotes`))
      const item = answer.items[0]!
      expect(item.title).toContain('<b>&"quotes"')
      expect(item.title).not.toMatch(/[\u0001\ud800]/)
      expect(answer.body).not.toContain('&#')
      expect(item.enclosure.url).toContain('dn=Bad')
    })
  })

  describe('self links', () => {
    const hostileHosts = ['evil.example:1', '"><x>']
    let open: RunningService
    let proxied: RunningService
    beforeAll(async () => {
      ;[open, proxied] = await Promise.all([
        startService({ DATA_DIR: makeTempDir(), ...(await engine.serviceVars()) }),
        startService({ DATA_DIR: makeTempDir(), BASE_URL: 'https://indexer.example/dht/', ...(await engine.serviceVars()) }),
      ])
    })
    afterAll(() => {
      open?.child.kill('SIGKILL')
      proxied?.child.kill('SIGKILL')
    })

    test('never reflect the Host header: path-only links when BASE_URL is unset', async () => {
      for (const host of hostileHosts) {
        const rss = await rawGet(open.baseUrl, '/torznab/api?t=search', host)
        expect({ host, status: rss.status }).toEqual({ host, status: 200 })
        expect(rss.body).toContain('<atom:link href="/torznab/api" rel="self"')
        expect(rss.body).toContain('<link>/</link>')
        const caps = await rawGet(open.baseUrl, '/torznab/api?t=caps', host)
        expect(caps.body).toContain(' url="/"/>')
        for (const body of [rss.body, caps.body]) {
          expect(body).not.toContain('<error')
          expect(body).not.toContain('evil.example')
          expect(body).not.toContain('<x>')
        }
      }
    })

    test('are built from BASE_URL when it is set', async () => {
      for (const host of hostileHosts) {
        const rss = await rawGet(proxied.baseUrl, '/torznab/api?t=search', host)
        expect(rss.body).toContain('<atom:link href="https://indexer.example/dht/torznab/api" rel="self"')
        expect(rss.body).toContain('<link>https://indexer.example/dht/</link>')
        const caps = await rawGet(proxied.baseUrl, '/torznab/api?t=caps', host)
        expect(caps.body).toContain(' url="https://indexer.example/dht/"/>')
      }
    })

    test('the keyed feed does not reflect a Host either, and still reads the key', async () => {
      for (const host of hostileHosts) {
        const rss = await rawGet(feed.baseUrl, `/torznab/api?t=search&${K}`, host)
        expect({ host, status: rss.status }).toEqual({ host, status: 200 })
        expect(rss.body).toContain('<atom:link href="/torznab/api" rel="self"')
        expect(rss.body).not.toContain('<error')
        expect(rss.body).not.toContain('evil.example')
      }
    })
  })

  describe('oversized query strings', () => {
    test.each([100_000, 300_000])('a %d-byte query string is a Torznab error naming the limit, never a bare 431', async (bytes) => {
      const answer = await getTorznab(feed.url(`t=search&${K}&q=${'a'.repeat(bytes)}`))
      expect(answer.status).toBe(200)
      expect(answer.error).toEqual({ code: 201, description: 'Invalid parameter: query string (longer than 16384 bytes)' })
    })

    test('elsewhere the same request is answered in JSON', async () => {
      const response = await fetch(`${feed.baseUrl}/no/such/path?pad=${'a'.repeat(300_000)}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: 'not_found', message: 'no such endpoint' })
    })
  })
})
