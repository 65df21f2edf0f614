/** Hostile GraphQL requests over HTTP: each is a 4xx with a JSON `errors` array, and the service keeps answering. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ADMIN_HEADERS, startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { describeOnEngines } from '../support/engines'

describeOnEngines('GraphQL query limits', (engine) => {
  let service: RunningService
  beforeAll(async () => {
    service = await startService({ DATA_DIR: makeTempDir('indexer-graphql-limits-'), ...(await engine.serviceVars()) })
  })
  afterAll(() => service?.child.kill('SIGKILL'))

  interface Answer {
    status: number
    errors?: { message: string }[]
    data?: unknown
  }

  async function answer(response: Response): Promise<Answer> {
    expect(response.headers.get('content-type')).toStartWith('application/json')
    return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) }
  }

  const post = async (query: string, variables?: Record<string, unknown>) =>
    answer(
      await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
        body: JSON.stringify({ query, variables }),
      }),
    )

  function expectRefused(result: Answer, message: string) {
    expect(result.status).toBe(400)
    expect(result.errors?.[0]?.message).toContain(message)
    expect(result.data ?? null).toBeNull()
  }

  describe('malformed requests', () => {
    test('bad JSON in variables or extensions on GET is a 400', async () => {
      const base = `${service.baseUrl}/graphql?query=${encodeURIComponent('{version}')}`
      expectRefused(await answer(await fetch(`${base}&variables={bad`)), 'variables parameter must be a JSON object')
      expectRefused(await answer(await fetch(`${base}&variables=[1]`)), 'variables parameter must be a JSON object')
      expectRefused(
        await answer(await fetch(`${base}&extensions=${encodeURIComponent('{"a":')}`)),
        'extensions parameter must be a JSON object',
      )
      const good = await answer(await fetch(`${base}&variables=${encodeURIComponent('{}')}`))
      expect(good).toEqual({ status: 200, data: { version: expect.any(String) } })
    })

    test('a selection nested 10,000 deep is a 400, not a stack overflow', async () => {
      expectRefused(await post(`{${'a{'.repeat(10_000)}a${'}'.repeat(10_001)}`), 'nests brackets more than 64 deep')
    })

    test('an object or list argument nested 10,000 deep is a 400', async () => {
      const deepObject = `{ torrentContent { search(input: { facets: ${'{x:'.repeat(10_000)}1${'}'.repeat(10_000)} }) { totalCount } } }`
      expectRefused(await post(deepObject), 'nests brackets more than 64 deep')
      const deepList = `{ torrentContent { search(input: { infoHashes: ${'['.repeat(10_000)}${']'.repeat(10_000)} }) { totalCount } } }`
      expectRefused(await post(deepList), 'nests brackets more than 64 deep')
    })

    test('brackets inside strings and comments do not count', async () => {
      const result = await post(
        `{ torrentContent { search(input: { queryString: "${'{'.repeat(100)}" }) { totalCount } } } # ${'['.repeat(100)}`,
      )
      expect(result).toEqual({ status: 200, data: { torrentContent: { search: { totalCount: 0 } } } })
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
    })
  })

  describe('cost', () => {
    const searches = (count: number, input: string, selection = '{ totalCount items { infoHash } }') =>
      `{ torrentContent { ${Array.from({ length: count }, (_, i) => `s${i}: search(input: ${input}) ${selection}`).join(' ')} } }`

    test('400 aliased searches of 1,000 items are refused before anything runs', async () => {
      // Searches run so far, as the search threads report them.
      const searchesRun = async () =>
        (await (await fetch(`${service.baseUrl}/metrics`)).text())
          .split('\n')
          .filter((line) => line.startsWith('search_duration_seconds_count'))
          .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)
      const before = await searchesRun()
      const result = await post(searches(400, '{ limit: 1000, totalCount: true }'))
      expectRefused(result, 'at most 10 are allowed')
      expect(result.errors!.map((error) => error.message)).toContainEqual(expect.stringContaining('up to 400000 items'))
      expect(await searchesRun()).toBe(before)
    })

    test('too deep or too wide is a 400 too, refused right after parsing', async () => {
      expectRefused(
        await post(searches(400, '{ limit: 1000, totalCount: true }', '{ totalCount items { infoHash title } }')),
        'more than 2000 fields',
      )
      expectRefused(
        await post(`{ __type(name: "Query") { fields { type { ${'ofType { '.repeat(20)}name${' }'.repeat(20)} } } } }`),
        'levels deep',
      )
    })

    test('limits given in variables count, and the default page counts 10', async () => {
      const query = (count: number) =>
        `query($in: TorrentContentSearchQueryInput!) { torrentContent { ${Array.from({ length: count }, (_, i) => `s${i}: search(input: $in) { totalCount }`).join(' ')} } }`
      expect(await post(query(5), { in: { limit: 1000 } })).toMatchObject({
        status: 200,
        data: { torrentContent: { s4: { totalCount: 0 } } },
      })
      expectRefused(await post(query(6), { in: { limit: 1000 } }), 'up to 6000 items')
      expect((await post(query(10), { in: {} })).status).toBe(200)
      expectRefused(await post(query(11), { in: {} }), 'lists 11 times')
    })

    test('fragments expand, and each torrent of a page counts its file list', async () => {
      const spread = `{ torrentContent { a: search(input: { limit: 1000 }) { ...Page } b: search(input: { limit: 1000 }) { ...Page } } } fragment Page on TorrentContentSearchResult { items { torrent { files { path } } } }`
      expectRefused(await post(spread), 'up to 202000 items')
      const withFiles = (limit: number) =>
        `{ torrentContent { search(input: { limit: ${limit} }) { items { torrent { files { path } } } } } }`
      expectRefused(await post(withFiles(100)), 'up to 10100 items')
      expect(await post(withFiles(20))).toEqual({ status: 200, data: { torrentContent: { search: { items: [] } } } })
    })

    test("the dashboard's lists count with their own default and cap", async () => {
      const aliased = (count: number, field: string, input: string) =>
        `{ ${Array.from({ length: count }, (_, i) => `l${i}: ${field}(input: ${input}) { id }`).join(' ')} }`
      expect((await post(aliased(5, 'wantMatches', '{ limit: 1000 }'))).status).toBe(200)
      expectRefused(await post(aliased(6, 'wantMatches', '{ limit: 1000 }')), 'up to 6000 items')
      // A limit past the cap (the resolver's error) counts as the cap; the default page as itself.
      expectRefused(
        await post(`${aliased(9, 'webhookBatches', '{ limit: 9999 }').slice(0, -1)} w: wantMatches(input: { limit: 1000 }) { id } }`),
        'up to 5500 items',
      )
      expect((await post(aliased(10, 'webhookBatches', '{}'))).status).toBe(200)
    })

    test('other paged lists count too: files, jobs and evidence', async () => {
      const mixed = `{ torrent { files(input: { limit: 1000 }) { totalCount } } queue { jobs(input: { limit: 1000 }) { totalCount } }
        evidence(input: { limit: 1000 }) { totalCount } torrentContent { a: search(input: { limit: 1000 }) { totalCount } b: search(input: { limit: 1000 }) { totalCount } } }`
      expect((await post(mixed)).status).toBe(200)
      expectRefused(
        await post(mixed.replace('{ totalCount } } }', '{ totalCount } c: search(input: { limit: 1 }) { totalCount } } }')),
        'up to 5001 items',
      )
    })
  })

  describe('body and list sizes (issue 30.6)', () => {
    const hashes = (count: number) => Array.from({ length: count }, (_, i) => i.toString(16).padStart(40, '0'))
    const search = 'query($h: [Hash20!]) { torrentContent { search(input: { infoHashes: $h, totalCount: true }) { totalCount } } }'

    test('a body over SERVICE_GRAPHQL_MAX_BODY is a GraphQL-shaped 413, declared or streamed', async () => {
      const big = JSON.stringify({ query: '{ version }', variables: { pad: 'x'.repeat(2 * 1024 * 1024) } })
      const declared = await answer(
        await fetch(`${service.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }),
      )
      const bytes = new TextEncoder().encode(big)
      let sent = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes.length) return controller.close()
          controller.enqueue(bytes.subarray(sent, sent + 65_536))
          sent += 65_536
        },
      })
      const streamed = await answer(
        await fetch(`${service.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream }),
      )
      for (const result of [declared, streamed]) {
        expect(result.status).toBe(413)
        expect(result.errors?.[0]).toMatchObject({
          message: expect.stringContaining('over 1048576 bytes'),
          extensions: { code: 'payload_too_large' },
        })
      }
      expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
    })

    test('a list argument over SERVICE_GRAPHQL_MAX_LIST is refused naming the list and the limit, in variables or in the query', async () => {
      const inVariables = await post(search, { h: hashes(1001) })
      expectRefused(inVariables, 'variables.h lists 1001 items; a list argument may hold at most 1000')
      const written = await post(`mutation { torrent { delete(infoHashes: ${JSON.stringify(hashes(1001))}) } }`)
      expectRefused(written, 'infoHashes lists 1001 items')
      const nested = await post('query($in: TorrentContentSearchQueryInput!) { torrentContent { search(input: $in) { totalCount } } }', {
        in: { infoHashes: hashes(5000) },
      })
      expectRefused(nested, 'variables.in.infoHashes lists 5000 items')
    })

    test('a search for 1,000 hashes (the limit) and a normal search still answer', async () => {
      expect(await post(search, { h: hashes(1000) })).toEqual({ status: 200, data: { torrentContent: { search: { totalCount: 0 } } } })
      expect((await post('{ torrentContent { search(input: { queryString: "dune" }) { totalCount } } }')).status).toBe(200)
    })
  })
})
