/** Every GraphQL root and mutation over HTTP, against an index built with the import command. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql'
import { waitFor } from '../support/dht-probe'
import { FEED_RELEASES, startFeedService, type FeedService } from '../support/feed-fixture'
import { torrentFixtures } from '../support/torrent-fixtures'
import { describeOnEngines } from '../support/engines'

describeOnEngines('GraphQL routes', (engine) => {
  let service: FeedService
  beforeAll(async () => {
    service = await startFeedService(engine)
  })
  afterAll(() => service?.stop())

  interface GraphqlAnswer {
    data?: Record<string, any> | null
    errors?: { message: string; path?: (string | number)[]; locations?: unknown[] }[]
  }

  async function gql(query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer & { status: number }> {
    const response = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    })
    return { status: response.status, ...((await response.json()) as GraphqlAnswer) }
  }

  const SINTEL = torrentFixtures.find((fixture) => fixture.file === 'sintel.torrent')!

  describe('schema', () => {
    test('introspection answers the whole schema, unchanged', async () => {
      const answer = await gql(getIntrospectionQuery())
      expect(answer.errors).toBeUndefined()
      const schema = buildClientSchema(answer.data as never)
      expect(printSchema(schema)).toMatchSnapshot()
      // bitmagnet's roots and the spec's names are all there.
      const sdl = printSchema(schema)
      for (const needle of [
        'totalCountIsEstimate: Boolean!',
        'torrentSource: String!',
        'nativeName: String!',
        'size: Int64!',
        'reclassifyAll: Boolean',
        'enqueueReprocessTorrentsBatch',
      ]) {
        expect(sdl).toContain(needle)
      }
    })

    test('the playground works offline: no script or style is fetched from elsewhere', async () => {
      const response = await fetch(`${service.baseUrl}/graphql`, { headers: { accept: 'text/html' } })
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('<html')
      expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/i)
      expect(html.length).toBeGreaterThan(500_000)
    })
  })

  describe('torrentContent.search', () => {
    test('finds by query string, counts, aggregates and pages', async () => {
      const answer = await gql(`{
        torrentContent { search(input: { queryString: "breaking bad", limit: 2, totalCount: true, hasNextPage: true,
          facets: { contentType: { aggregate: true }, videoResolution: { aggregate: true }, torrentSource: { aggregate: true } } }) {
          totalCount totalCountIsEstimate hasNextPage
          items { infoHash title contentType seeders publishedAt torrentSource confidence episodes { label seasons { season episodes } }
                  torrent { name size filesStatus tagNames magnetUri sources { key name } } }
          aggregations { contentType { value label count isEstimate } videoResolution { value label count }
                         torrentSource { value count } genre { value } }
        } } }`)
      expect(answer.errors).toBeUndefined()
      const search = answer.data!.torrentContent.search
      expect(search).toMatchObject({ totalCount: 4, totalCountIsEstimate: false, hasNextPage: true })
      expect(search.items).toHaveLength(2)
      expect(search.aggregations.contentType).toEqual([{ value: 'tv_show', label: 'TV Show', count: 4, isEstimate: false }])
      expect(search.aggregations.torrentSource).toEqual([{ value: 'import', count: 4 }])
      expect(search.aggregations.genre).toBeNull()
      const item = search.items.find((entry: any) => entry.title === FEED_RELEASES.breakingBadS01E02.name)
      if (item) {
        expect(item.episodes).toEqual({ label: 'S01E02', seasons: [{ season: 1, episodes: [2] }] })
        expect(item.seeders).toBe(12)
      }
      expect(search.items[0].torrent.magnetUri).toStartWith('magnet:?xt=urn:btih:')
    })

    test('limit 0 returns no items but still counts and aggregates', async () => {
      const answer =
        await gql(`{ torrentContent { search(input: { limit: 0, totalCount: true, facets: { contentType: { aggregate: true } } }) {
        totalCount items { infoHash } aggregations { contentType { value count } } } } }`)
      const search = answer.data!.torrentContent.search
      expect(search.items).toEqual([])
      expect(search.totalCount).toBeGreaterThan(250)
      expect(search.aggregations.contentType.find((entry: any) => entry.value === 'tv_show').count).toBeGreaterThan(250)
    })

    test('filters by facet, orders by any field, and looks up info hashes', async () => {
      const movies =
        await gql(`{ torrentContent { search(input: { facets: { contentType: { filter: [movie] } }, orderBy: [{ field: size, descending: true }], limit: 50 }) {
        items { contentType torrent { size } } } } }`)
      const items = movies.data!.torrentContent.search.items as { contentType: string; torrent: { size: number } }[]
      expect(items.length).toBeGreaterThan(2)
      expect(items.every((item) => item.contentType === 'movie')).toBe(true)
      const sizes = items.map((item) => item.torrent.size)
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
      const byHash = await gql(
        `query($hashes: [Hash20!]) { torrentContent { search(input: { infoHashes: $hashes }) { items { infoHash torrent { size } } } } }`,
        {
          hashes: [SINTEL.infohash_v1!.toUpperCase()],
        },
      )
      expect(byHash.data!.torrentContent.search.items).toEqual([{ infoHash: SINTEL.infohash_v1, torrent: { size: SINTEL.total_bytes } }])
      const genre = await gql(`{ torrentContent { search(input: { facets: { genre: { filter: ["drama"] } } }) { totalCount } } }`)
      expect(genre.data!.torrentContent.search.totalCount).toBe(0)
    })

    test('the content facet filters by a work (source and id, as contentSource and contentId) and counts the works', async () => {
      const search = (facets: string) =>
        gql(`{ torrentContent { search(input: { limit: 10, totalCount: true, facets: { ${facets} } }) {
          totalCount items { title contentSource contentId } aggregations { content { value { type source id } label count isEstimate } } } } }`)
      // Ground truth alone (no artwork key here): the *arr clients confirmed these ids.
      const matrix = await search('content: { aggregate: true, filter: [{ source: "tmdb", id: "603" }] }')
      expect(matrix.errors).toBeUndefined()
      expect(matrix.data!.torrentContent.search).toEqual({
        totalCount: 2,
        items: [FEED_RELEASES.matrix1080, FEED_RELEASES.matrix2160]
          .map((release) => ({ title: release.name, contentSource: 'tmdb', contentId: '603' }))
          .sort((a, b) => a.title.localeCompare(b.title)),
        aggregations: {
          content: [{ value: { type: 'movie', source: 'tmdb', id: '603' }, label: 'The Matrix (1999)', count: 2, isEstimate: false }],
        },
      })
      // A work known by its IMDb and TVDB ids only is counted by the first of them; several works match any of them.
      const series = await search(
        'content: { aggregate: true, filter: [{ source: "tvdb", id: "81189" }, { type: tv_show, source: "imdb", id: "0903747" }] }',
      )
      expect(series.data!.torrentContent.search.aggregations.content).toEqual([
        { value: { type: 'tv_show', source: 'imdb', id: 'tt0903747' }, label: 'Breaking Bad', count: 2, isEstimate: false },
      ])
      expect(series.data!.torrentContent.search.items.map((item: any) => item.title).sort()).toEqual(
        [FEED_RELEASES.breakingBadS01E02.name, FEED_RELEASES.breakingBadS02E02.name].sort(),
      )
      // Counted over the other filters: every work among the TV shows.
      const works = await search('contentType: { filter: [tv_show] }, content: { aggregate: true }')
      expect(works.data!.torrentContent.search.aggregations.content.map((entry: any) => [entry.value.id, entry.count])).toEqual([
        ['tt0903747', 2],
        ['305074', 2],
      ])
      // Unknown works match nothing; a malformed id is an error naming it, not an empty page.
      expect((await search('content: { filter: [{ source: "tmdb", id: "999999" }] }')).data!.torrentContent.search.totalCount).toBe(0)
      const bad = await search('content: { filter: [{ source: "imdb", id: "nm0000206" }] }')
      expect(bad.errors?.[0]?.message).toBe('content: "imdb" id "nm0000206" is not a tmdb, imdb or tvdb id')
      const missing = await gql('{ torrentContent { search(input: { facets: { content: { filter: [{ id: "603" }] } } }) { totalCount } } }')
      expect(missing.errors?.[0]?.message).toBe('Field "ContentRefInput.source" of required type "String!" was not provided.')
      expect(missing.data ?? null).toBeNull()
    })
  })

  describe('torrent queries', () => {
    test('files of a torrent, in index order, sizes past 2 GiB exact', async () => {
      const answer = await gql(
        `query($h: [Hash20!]) { torrent { files(input: { infoHashes: $h, limit: 100, totalCount: true }) { totalCount hasNextPage items { index path size fileType extension } } } }`,
        {
          h: [SINTEL.infohash_v1],
        },
      )
      expect(answer.data!.torrent.files).toEqual({
        totalCount: 1,
        hasNextPage: false,
        items: [{ index: 0, path: SINTEL.files[0]!.path, size: SINTEL.files[0]!.length, fileType: 'video', extension: 'mkv' }],
      })
    })

    test('sources, metrics, workers, health and version', async () => {
      const answer = await gql(`{
        version
        torrent { listSources { sources { key name } } metrics(input: { bucketDuration: day }) { buckets { source bucket updated count } } }
        workers { listAll { workers { key started } } }
        health { status db queue torrent checks { key status timestamp error } }
      }`)
      expect(answer.errors).toBeUndefined()
      const data = answer.data!
      expect(data.version).toMatch(/^\d+\.\d+\.\d+$/)
      expect(data.torrent.listSources.sources).toContainEqual({ key: 'import', name: 'Import' })
      const created = data.torrent.metrics.buckets
        .filter((bucket: any) => !bucket.updated)
        .reduce((sum: number, bucket: any) => sum + bucket.count, 0)
      expect(created).toBeGreaterThan(250)
      expect(data.workers.listAll.workers).toContainEqual({ key: 'queue:process_torrent', started: true })
      expect(data.health).toMatchObject({ status: 'up', db: 'up', queue: 'up', torrent: 'up' })
    })
  })

  describe('mutations', () => {
    const hash = FEED_RELEASES.frenchMovie.infoHash
    const tagsOf = async (infoHash: string) =>
      (
        await gql(`query($h: [Hash20!]) { torrentContent { search(input: { infoHashes: $h }) { items { torrent { tagNames } } } } }`, {
          h: [infoHash],
        })
      ).data!.torrentContent.search.items[0]?.torrent.tagNames as string[] | undefined

    test('putTags, setTags, suggestTags and deleteTags', async () => {
      expect(
        (
          await gql(`mutation($h: [Hash20!]!) { torrent { putTags(infoHashes: $h, tagNames: ["french-classic", "watch-later"]) } }`, {
            h: [hash],
          })
        ).data,
      ).toEqual({ torrent: { putTags: true } })
      expect(await tagsOf(hash)).toEqual(expect.arrayContaining(['french-classic', 'watch-later']))
      const suggestions = await gql(`{ torrent { suggestTags(input: { prefix: "wat" }) { suggestions { name count } } } }`)
      expect(suggestions.data!.torrent.suggestTags.suggestions).toEqual([{ name: 'watch-later', count: 1 }])
      await gql(`mutation($h: [Hash20!]!) { torrent { setTags(infoHashes: $h, tagNames: ["keeper"]) } }`, { h: [hash] })
      const afterSet = await tagsOf(hash)
      expect(afterSet).toContain('keeper')
      expect(afterSet).not.toContain('watch-later')
      await gql(`mutation($h: [Hash20!]) { torrent { deleteTags(infoHashes: $h, tagNames: ["keeper"]) } }`, { h: [hash] })
      expect(await tagsOf(hash)).not.toContain('keeper')
      const bad = await gql(`mutation($h: [Hash20!]!) { torrent { putTags(infoHashes: $h, tagNames: ["Not A Tag!"]) } }`, { h: [hash] })
      expect(bad.errors![0]!.message).toContain('"Not A Tag!"')
    })

    test('reprocess goes through the queue, and the queue shows the job', async () => {
      const answer = await gql(
        `mutation($h: [Hash20!]!) { torrent { reprocess(input: { infoHashes: $h, classifierFlags: { reclassifyAll: true } }) } }`,
        { h: [hash] },
      )
      expect(answer.data).toEqual({ torrent: { reprocess: true } })
      let jobs: any
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        jobs = (
          await gql(`{ queue { jobs(input: { queues: ["process_torrent"], totalCount: true, facets: { status: { aggregate: true } } }) {
          totalCount items { id queue status payload retries maxRetries createdAt ranAt } aggregations { status { value count } } } } }`)
        ).data!.queue.jobs
        if (jobs.items[0]?.status === 'processed') break
        await Bun.sleep(20)
      }
      expect(jobs.totalCount).toBe(1)
      expect(jobs.items[0]).toMatchObject({ queue: 'process_torrent', status: 'processed', retries: 0 })
      expect(JSON.parse(jobs.items[0].payload)).toEqual({ infoHashes: [hash] })
      expect(jobs.aggregations.status).toEqual([{ value: 'processed', count: 1 }])
      const metrics = await gql(
        `{ queue { metrics(input: { bucketDuration: hour }) { buckets { queue status count latency createdAtBucket } } } }`,
      )
      expect(metrics.data!.queue.metrics.buckets[0]).toMatchObject({ queue: 'process_torrent', status: 'processed', count: 1 })
      expect(metrics.data!.queue.metrics.buckets[0].latency).toMatch(/^PT[\d.]+S$/)
    })

    test('enqueueReprocessTorrentsBatch and purgeJobs', async () => {
      expect(
        (await gql(`mutation { queue { enqueueReprocessTorrentsBatch(input: { chunkSize: 100, contentTypes: [movie] }) } }`)).data,
      ).toEqual({
        queue: { enqueueReprocessTorrentsBatch: true },
      })
      // Each job enqueues the next chunk; the purge below removes processed jobs, so wait for the last.
      const unfinished = async () =>
        (await gql(`{ queue { jobs(input: { queues: ["process_torrent_batch"], statuses: [pending, retry] }) { totalCount } } }`)).data!
          .queue.jobs.totalCount
      await waitFor(async () => (await unfinished()) === 0, 30_000, 50)
      const before = (await gql(`{ queue { jobs(input: { queues: ["process_torrent_batch"] }) { totalCount } } }`)).data!.queue.jobs
        .totalCount
      expect(before).toBeGreaterThan(0)
      await gql(`mutation { queue { purgeJobs(input: { queues: ["process_torrent_batch"], statuses: [processed] }) } }`)
      expect(
        (await gql(`{ queue { jobs(input: { queues: ["process_torrent_batch"] }) { totalCount } } }`)).data!.queue.jobs.totalCount,
      ).toBe(0)
    })

    test('delete removes the torrent everywhere in one go and keeps it out', async () => {
      const target = FEED_RELEASES.doctorWhoSpecial.infoHash
      expect((await gql(`mutation($h: [Hash20!]!) { torrent { delete(infoHashes: $h) } }`, { h: [target] })).data).toEqual({
        torrent: { delete: true },
      })
      const search = await gql(`{ torrentContent { search(input: { queryString: "doctor who", totalCount: true }) { totalCount } } }`)
      expect(search.data!.torrentContent.search.totalCount).toBe(0)
      const files = await gql(`query($h: [Hash20!]) { torrent { files(input: { infoHashes: $h, totalCount: true }) { totalCount } } }`, {
        h: [target],
      })
      expect(files.data!.torrent.files.totalCount).toBe(0)
      const reimport = await fetch(`${service.baseUrl}/import`, {
        method: 'POST',
        headers: { authorization: 'Bearer feed-test-key-0123456789' },
        body: JSON.stringify({ ...FEED_RELEASES.doctorWhoSpecial, size: 5 }),
      })
      expect(((await reimport.json()) as { imported: number }).imported).toBe(0)
    })
  })

  describe('bad input', () => {
    test('a bad Hash20 names the value', async () => {
      const answer = await gql(`mutation { torrent { delete(infoHashes: ["not-a-hash"]) } }`)
      expect(answer.errors![0]!.message).toContain('"not-a-hash"')
    })

    test('delete with no info hash says at least one is required, with path and locations', async () => {
      const answer = await gql(`mutation { torrent { delete(infoHashes: []) } }`)
      expect(answer.errors![0]).toMatchObject({ message: 'at least one info hash is required', path: ['torrent', 'delete'] })
      expect(answer.errors![0]!.locations).toHaveLength(1)
      expect(answer.data).toEqual({ torrent: { delete: null } })
    })

    test('a field error leaves the rest of the data', async () => {
      const answer = await gql(`mutation($h: [Hash20!]!) { torrent { putTags(infoHashes: $h, tagNames: ["ok-tag"]) deleteTags } }`, {
        h: [FEED_RELEASES.matrix1080.infoHash],
      })
      expect(answer.errors![0]).toMatchObject({ path: ['torrent', 'deleteTags'] })
      expect(answer.data).toEqual({ torrent: { putTags: true, deleteTags: null } })
      const tooMany = await gql(`{ torrentContent { search(input: { limit: 5000 }) { totalCount } } }`)
      expect(tooMany.errors![0]!.message).toContain('limit must be a whole number from 0 to 1000')
    })

    test('wrong scalars, unknown fields and syntax errors are refused before anything runs', async () => {
      for (const query of [
        `{ torrentContent { search(input: { facets: { releaseYear: { filter: [12] } } }) { totalCount } } }`,
        `{ torrentContent { search(input: { limit: "ten" }) { totalCount } } }`,
        `{ torrentContent { search(input: {}) { nope } } }`,
        `{ torrentContent { search(input: { queryString: "x" }) { totalCount }`,
        `{ queue { metrics(input: { bucketDuration: week }) { buckets { count } } } }`,
      ]) {
        const answer = await gql(query)
        expect(answer.errors?.length).toBeGreaterThan(0)
        expect(answer.data ?? null).toBeNull()
      }
    })

    test('deep and wide queries are refused', async () => {
      const deep = `{ torrentContent { search(input: {}) { items { torrent { files { path } } } } } }`
      expect((await gql(deep)).errors).toBeUndefined()
      const fragmentDepth = `query { ...A } fragment A on Query { torrent { ...B } } fragment B on TorrentQuery { files(input: {}) { items { ...C } } } fragment C on TorrentFile { infoHash }`
      expect((await gql(fragmentDepth)).errors).toBeUndefined()
      const tooDeep = `{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(20)}name${' }'.repeat(20)} } } } }`
      expect((await gql(tooDeep)).errors![0]!.message).toContain('levels deep')
      const fragment = `fragment F on TorrentContent { infoHash title seeders leechers publishedAt }`
      const wide = `{ torrentContent { ${Array.from({ length: 500 }, (_, i) => `s${i}: search(input: { limit: 1 }) { items { ...F } }`).join(' ')} } } ${fragment}`
      expect((await gql(wide)).errors![0]!.message).toContain('more than')
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
    })
  })
})
