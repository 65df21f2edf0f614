/**
 * What the operator dashboard asks of the core over GraphQL, against the core running alone
 * (a dashboard beside it would register its own wants and settings): stats, crawler, outbound
 * batches, wants and their matches, and run-time settings taking effect on the next request.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { waitFor } from '../support/dht-probe'
import { type RunningService, safeJson, startService } from '../support/processes'
import { hashOf } from '../support/search-index'
import { makeTempDir } from '../support/temp-dir'
import { getTorznab } from '../support/torznab-client'
import { describeOnEngines } from '../support/engines'

const ENV_KEY = 'env-torznab-key-0123456789'
const OVERRIDE_KEY = 'override-torznab-key-0123456789'
const ADMIN_KEY = 'dashboard-graphql-admin-key-0123456789'
const DAY = 86_400

describeOnEngines('GraphQL dashboard resolvers', (engine) => {
  const dataDir = makeTempDir('dashboard-graphql-')
  let receiver: ReturnType<typeof Bun.serve>
  let service: RunningService
  /** The index the core keeps: the restarted core must find the same one. */
  let engineVars: Record<string, string>

  const start = () =>
    startService(
      {
        DATA_DIR: dataDir,
        ...engineVars,
        TORZNAB_API_KEY: ENV_KEY,
        CORE_ADMIN_KEY: ADMIN_KEY,
        LOG_LEVEL: 'info',
        SERVICE_INGEST_FLUSH_INTERVAL: '20ms',
        SERVICE_EVIDENCE_WEBHOOK_URL: `http://127.0.0.1:${receiver.port}/hook`,
        SERVICE_EVIDENCE_BATCH_SIZE: '2',
        SERVICE_EVIDENCE_WEBHOOK_BACKOFF: '10ms',
        SERVICE_EVIDENCE_WEBHOOK_TIMEOUT: '500ms',
      },
      'core',
    )

  beforeAll(async () => {
    // A webhook receiver that is always broken: every batch ends failed after its retries.
    receiver = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('broken', { status: 500 }) })
    engineVars = await engine.serviceVars()
    service = await start()
  })
  afterAll(() => {
    service?.child.kill('SIGKILL')
    receiver?.stop(true)
  })

  interface GraphqlAnswer {
    data?: Record<string, any> | null
    errors?: { message: string; extensions?: { code?: string; field?: string } }[]
  }

  /** As the dashboard asks: with the core admin key, unless other headers are given. */
  async function gql(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = { 'x-core-admin-key': ADMIN_KEY },
  ): Promise<GraphqlAnswer> {
    const response = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    })
    return (await response.json()) as GraphqlAnswer
  }

  async function importLines(records: { infoHash: string; name: string; publishedAt?: number }[], key = ENV_KEY): Promise<Response> {
    return fetch(`${service.baseUrl}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: records.map((record) => JSON.stringify({ size: 1_000_000, ...record })).join('\n'),
    })
  }

  const STATS = `{ stats { totalTorrents totalReleases totalEvidence dhtPeerCount indexerThroughput startedAt uptimeSeconds
    lastCrawlAt categoryBreakdown { contentType count } } }`

  /** The document the dashboard polls every few seconds. */
  const DASHBOARD_POLL = `query Poll($afterId: Int) {
    stats { totalTorrents totalReleases totalEvidence dhtPeerCount indexerThroughput startedAt uptimeSeconds lastCrawlAt
            categoryBreakdown { contentType count } }
    crawler { enabled running warning { code message since } }
    webhookBatches(input: { status: "failed", limit: 50 }) { id status items attempts createdAt finishedAt }
    wantMatches(input: { afterId: $afterId }) { id wantId infoHash title matchedAt }
  }`

  const REGISTER = 'mutation($wants: [WantInput!]!) { registerWants(wants: $wants) }'
  const APPLY = 'mutation($settings: [SettingInput!]!) { applySettings(settings: $settings) }'
  const MATCHES = 'query($input: WantMatchesInput) { wantMatches(input: $input) { id wantId infoHash title matchedAt } }'

  describe('stats and crawler', () => {
    test('an empty index: zero counts, no crawl, the crawler off', async () => {
      const answer = await gql(`${STATS.slice(0, -1)} crawler { enabled running warning { code message since } } }`)
      expect(answer.errors).toBeUndefined()
      const { stats, crawler } = answer.data!
      expect(stats).toMatchObject({
        totalTorrents: 0,
        totalReleases: 0,
        totalEvidence: 0,
        dhtPeerCount: 0,
        indexerThroughput: 0,
        lastCrawlAt: null,
        categoryBreakdown: [],
      })
      expect(Date.parse(stats.startedAt)).toBeLessThanOrEqual(Date.now())
      expect(stats.uptimeSeconds).toBeGreaterThanOrEqual(0)
      expect(crawler).toEqual({ enabled: false, running: false, warning: null })
    })

    test('counts, breakdown and throughput right after an import; evidence counted as it is recorded', async () => {
      const response = await importLines([
        { infoHash: hashOf(0x101), name: 'The.Matrix.1999.1080p.BluRay.x264-GRP' },
        { infoHash: hashOf(0x102), name: 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND' },
        { infoHash: hashOf(0x103), name: 'Breaking.Bad.S01E03.720p.BluRay.x264-DEMAND' },
        { infoHash: hashOf(0x104), name: 'qwzx plvk' },
      ])
      expect(await response.json()).toMatchObject({ imported: 4 })
      const { stats } = (await gql(STATS)).data!
      expect(stats).toMatchObject({ totalTorrents: 4, totalReleases: 3, lastCrawlAt: null })
      expect(stats.categoryBreakdown).toEqual([
        { contentType: 'tv_show', count: 2 },
        { contentType: 'movie', count: 1 },
        { contentType: 'other', count: 1 },
      ])
      expect(stats.indexerThroughput).toBeGreaterThan(0)

      const report = { info_hash: hashOf(0x101), type: 'grab', result: 'success', occurred_at: new Date().toISOString(), client: 'radarr' }
      for (let i = 0; i < 2; i++) {
        const posted = await fetch(`${service.baseUrl}/evidence/arr/radarr-1?apikey=${ENV_KEY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(report),
        })
        expect(posted.status).toBe(202)
      }
      // The second is a duplicate within 60 s: received, and counted.
      await waitFor(async () => (await gql('{ stats { totalEvidence } }')).data!.stats.totalEvidence === 2, 30_000, 20)
    })
  })

  describe('webhookBatches', () => {
    test('a batch the receiver keeps refusing with 500 is listed as failed, newest first', async () => {
      await importLines([
        { infoHash: hashOf(0x201), name: 'Outbound.Show.S01E01.1080p.WEB-DL.x264-GRP' },
        { infoHash: hashOf(0x202), name: 'Outbound.Show.S01E02.1080p.WEB-DL.x264-GRP' },
      ])
      const failed = async () =>
        (await gql('{ webhookBatches(input: { status: "failed" }) { id status items attempts createdAt finishedAt } }')).data!
          .webhookBatches
      await waitFor(async () => (await failed()).length > 0, 30_000, 50)
      const [batch] = await failed()
      expect(batch).toMatchObject({ status: 'failed', items: 2, attempts: 4 })
      expect(Date.parse(batch.finishedAt)).toBeGreaterThanOrEqual(Date.parse(batch.createdAt))
      const all = (await gql('{ webhookBatches { id status createdAt } }')).data!.webhookBatches as { createdAt: string }[]
      expect(all.length).toBeGreaterThanOrEqual(1)
      expect(all.map((entry) => entry.createdAt)).toEqual(
        all
          .map((entry) => entry.createdAt)
          .sort()
          .reverse(),
      )
      expect((await gql('{ webhookBatches(input: { status: "delivered", limit: 1 }) { id } }')).data!.webhookBatches).toEqual([])
    })
  })

  describe('wants', () => {
    test('a registered want gets a match row for a matching import, and the match ranks first among equals', async () => {
      const registered = await gql(REGISTER, {
        wants: [
          { id: 'w-heat', query: 'Heat BBB', contentType: 'movie' },
          { id: 'w-heat-show', query: 'heat', contentType: 'tv_show' },
        ],
      })
      expect(registered).toEqual({ data: { registerWants: true } })
      const before = (await gql(MATCHES)).data!.wantMatches as { id: number }[]
      const publishedAt = Math.floor(Date.now() / 1000) - DAY
      // Twins the same in all but group and hash; AAA's hash sorts first, so without the want it ranks first.
      await importLines([
        { infoHash: `a1${hashOf(1).slice(2)}`, name: 'Heat.1995.1080p.BluRay.x264-AAA', publishedAt },
        { infoHash: `b2${hashOf(1).slice(2)}`, name: 'Heat.1995.1080p.BluRay.x264-BBB', publishedAt },
        { infoHash: `a1${hashOf(2).slice(2)}`, name: 'Ronin.1998.1080p.BluRay.x264-AAA', publishedAt },
        { infoHash: `b2${hashOf(2).slice(2)}`, name: 'Ronin.1998.1080p.BluRay.x264-BBB', publishedAt },
      ])
      const matches = (await gql(MATCHES, { input: { afterId: before.at(-1)?.id ?? 0 } })).data!.wantMatches
      // Not AAA (no "bbb"), not the tv_show want (both are movies), not Ronin.
      expect(matches).toHaveLength(1)
      expect(matches[0]).toMatchObject({ wantId: 'w-heat', infoHash: `b2${hashOf(1).slice(2)}`, title: 'Heat.1995.1080p.BluRay.x264-BBB' })
      expect(Number.isInteger(matches[0].id)).toBe(true)
      expect(Date.parse(matches[0].matchedAt)).toBeGreaterThan(Date.now() - 60_000)

      const firstOf = async (q: string) =>
        (await getTorznab(`${service.baseUrl}/torznab/api?t=search&q=${q}&apikey=${ENV_KEY}`)).items[0]?.title
      expect(await firstOf('heat%201995')).toBe('Heat.1995.1080p.BluRay.x264-BBB')
      expect(await firstOf('ronin%201998')).toBe('Ronin.1998.1080p.BluRay.x264-AAA')
      const search = await gql('{ torrentContent { search(input: { queryString: "heat 1995" }) { items { title } } } }')
      expect(search.data!.torrentContent.search.items[0].title).toBe('Heat.1995.1080p.BluRay.x264-BBB')
    })

    test('after an empty registerWants, nothing matches and nothing ranks as wanted', async () => {
      expect(await gql(REGISTER, { wants: [] })).toEqual({ data: { registerWants: true } })
      const before = (await gql(MATCHES, { input: { limit: 1000 } })).data!.wantMatches as { id: number }[]
      await importLines([{ infoHash: hashOf(0x301), name: 'Heat.1995.2160p.BluRay.x265-BBB' }])
      expect((await gql(MATCHES, { input: { afterId: before.at(-1)!.id } })).data!.wantMatches).toEqual([])
      const search = await gql('{ torrentContent { search(input: { queryString: "heat 1995 1080p" }) { items { title } } } }')
      expect(search.data!.torrentContent.search.items[0].title).toBe('Heat.1995.1080p.BluRay.x264-AAA')
    })

    test('the dashboard poll, all four parts in one document, passes the query limits', async () => {
      const answer = await gql(DASHBOARD_POLL, { afterId: 0 })
      expect(answer.errors).toBeUndefined()
      expect(Object.keys(answer.data!)).toEqual(['stats', 'crawler', 'webhookBatches', 'wantMatches'])
      expect(answer.data!.wantMatches.length).toBeGreaterThan(0)
    })
  })

  describe('bad input is a GraphQL error naming the field', () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['input.limit', '{ webhookBatches(input: { limit: 0 }) { id } }', {}],
      ['input.limit', '{ webhookBatches(input: { limit: 501 }) { id } }', {}],
      ['input.status', '{ webhookBatches(input: { status: "lost" }) { id } }', {}],
      ['input.limit', '{ wantMatches(input: { limit: 0 }) { id } }', {}],
      ['input.limit', '{ wantMatches(input: { limit: 1001 }) { id } }', {}],
      ['input.afterId', '{ wantMatches(input: { afterId: -1 }) { id } }', {}],
      [
        'wants[1].query',
        REGISTER,
        {
          wants: [
            { id: 'a', query: 'ok', contentType: 'movie' },
            { id: 'b', query: ' - ', contentType: 'movie' },
          ],
        },
      ],
      ['wants[0].id', REGISTER, { wants: [{ id: '', query: 'ok', contentType: 'movie' }] }],
      ['settings[0].key', APPLY, { settings: [{ key: 'database_path', value: '/tmp/x' }] }],
      ['settings[0].value', APPLY, { settings: [{ key: 'log_level', value: 'chatty' }] }],
      ['settings[0].value', APPLY, { settings: [{ key: 'torznab_api_key', value: 'short' }] }],
      [
        'settings[1].value',
        APPLY,
        {
          settings: [
            { key: 'log_level', value: 'debug' },
            { key: 'artwork_api_key', value: 'no spaces please 123' },
          ],
        },
      ],
    ]
    for (const [field, query, variables] of cases)
      test(`${field}: ${Object.keys(variables).length ? JSON.stringify(variables).slice(0, 90) : query}`, async () => {
        const answer = await gql(query, variables)
        expect(answer.errors).toHaveLength(1)
        expect(answer.errors![0]!.message).toStartWith(field)
        expect(answer.errors![0]!.extensions).toMatchObject({ code: 'bad_request', field })
      })

    test('a content type outside the enum is refused by the schema', async () => {
      const answer = await gql(REGISTER, { wants: [{ id: 'a', query: 'ok', contentType: 'podcast' }] })
      expect(answer.errors![0]!.message).toContain('contentType')
    })

    test('a refused list changes nothing: the environment key still works', async () => {
      expect((await getTorznab(`${service.baseUrl}/torznab/api?t=search&q=heat&apikey=${ENV_KEY}`)).status).toBe(200)
    })
  })

  describe('applySettings', () => {
    const torznabStatus = async (key: string) => (await getTorznab(`${service.baseUrl}/torznab/api?t=search&q=heat&apikey=${key}`)).status
    const importStatus = async (key: string) =>
      (await importLines([{ infoHash: hashOf(0x401), name: 'Key.Check.2020.1080p.WEB-DL-GRP' }], key)).status

    test('every dashboard-only operation needs the core admin key: none, a wrong one or the Torznab key change and read nothing', async () => {
      const refusals: Record<string, string>[] = [
        {},
        { 'x-core-admin-key': 'not-the-admin-key-0123456789' },
        { authorization: `Bearer ${ENV_KEY}` },
        { 'x-core-admin-key': ENV_KEY },
      ]
      for (const headers of refusals) {
        // Issue 30.1's request: one POST that set the Torznab key to the attacker's.
        const refused = await gql(APPLY, { settings: [{ key: 'torznab_api_key', value: 'attacker-key-0123456789' }] }, headers)
        expect(refused).toEqual({
          data: { applySettings: null },
          errors: [expect.objectContaining({ message: expect.stringContaining('X-Core-Admin-Key'), extensions: { code: 'unauthorized' } })],
        })
        for (const operation of [
          'mutation { registerWants(wants: []) }',
          'mutation { setCrawlerPaused(paused: true) { paused } }',
          'mutation { fetchTorrents(targets: []) { infoHash } }',
          '{ stats { totalTorrents } }',
          '{ crawler { paused } }',
          '{ webhookBatches { id } }',
          '{ wantMatches { id } }',
          '{ fetchRequests { infoHash } }',
          '{ evidence { totalCount } }',
        ])
          expect((await gql(operation, {}, headers)).errors?.[0]?.extensions?.code).toBe('unauthorized')
      }
      expect(await torznabStatus('attacker-key-0123456789')).toBe(401)
      expect(await torznabStatus(ENV_KEY)).toBe(200)
    })

    test("bitmagnet's queries and mutations stay open, as the spec says", async () => {
      const open = await gql('{ version torrentContent { search(input: { limit: 1 }) { totalCount } } }', {}, {})
      expect(open.errors).toBeUndefined()
      expect(await gql('mutation { torrent { putTags(infoHashes: [], tagNames: ["x"]) } }', {}, {})).toEqual({
        data: { torrent: { putTags: true } },
      })
    })

    test('torznab_api_key: the next request needs the new key; clearing it brings back the environment key', async () => {
      expect(await gql(APPLY, { settings: [{ key: 'torznab_api_key', value: OVERRIDE_KEY }] })).toEqual({ data: { applySettings: true } })
      expect(await torznabStatus(ENV_KEY)).toBe(401)
      expect(await torznabStatus(OVERRIDE_KEY)).toBe(200)
      expect(await importStatus(ENV_KEY)).toBe(401)
      expect(await importStatus(OVERRIDE_KEY)).toBe(200)

      expect(await gql(APPLY, { settings: [] })).toEqual({ data: { applySettings: true } })
      expect(await torznabStatus(OVERRIDE_KEY)).toBe(401)
      expect(await torznabStatus(ENV_KEY)).toBe(200)
      expect(service.logs.join('\n')).not.toContain(OVERRIDE_KEY)
    })

    test('log_level: debug lines appear at once, and stop when the override goes', async () => {
      const debugLines = () => service.logs.filter((line) => safeJson(line)?.level === 'debug').length
      const commitLines = () => service.logs.filter((line) => safeJson(line)?.msg === 'ingest batch committed').length
      const appliedLines = () => service.logs.filter((line) => safeJson(line)?.msg === 'setting overrides applied').length
      expect(debugLines()).toBe(0)
      await gql(APPLY, { settings: [{ key: 'log_level', value: 'debug' }] })
      await importLines([{ infoHash: hashOf(0x501), name: 'Debug.Lines.2020.1080p.WEB-DL-GRP' }])
      await waitFor(() => commitLines() === 1, 30_000, 20)
      await gql(APPLY, { settings: [{ key: 'log_level', value: 'warn' }] })
      // The import is committed when it is answered; the clearing after it logs at info, so once its
      // line has arrived every line the second commit could have written has arrived too.
      expect((await importLines([{ infoHash: hashOf(0x502), name: 'Debug.Lines.Again.2020.1080p.WEB-DL-GRP' }])).status).toBe(200)
      const applied = appliedLines()
      await gql(APPLY, { settings: [] })
      await waitFor(() => appliedLines() === applied + 1, 30_000, 20)
      expect(commitLines()).toBe(1)
    })

    test('overrides survive a restart of the core', async () => {
      await gql(APPLY, { settings: [{ key: 'torznab_api_key', value: OVERRIDE_KEY }] })
      service.child.kill('SIGTERM')
      await service.child.exited
      service = await start()
      expect(await torznabStatus(ENV_KEY)).toBe(401)
      expect(await torznabStatus(OVERRIDE_KEY)).toBe(200)
      // Counts and matches are in the database too.
      const { stats } = (await gql(STATS)).data!
      expect(stats.totalTorrents).toBeGreaterThan(10)
      expect((await gql(MATCHES)).data!.wantMatches.length).toBeGreaterThan(0)
    })
  })
})
