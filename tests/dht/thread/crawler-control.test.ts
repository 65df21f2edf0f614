/**
 * Crawler control and fetch by hash against a loopback BitTorrent network: a pause stops every
 * DHT query within a second (counted where they arrive, at the swarm's nodes) and survives a
 * restart; while paused, a magnet's x.pe peer is fetched from directly (no DHT query) and a bare
 * hash is found through the DHT; a hash nobody has is not found at its deadline. The mutations
 * need the Torznab key, and bad input is refused by field, changing nothing.
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { KrpcMessage, RemoteInfo } from 'bittorrent-dht'
import { freeUdpPort, waitFor } from '../../support/dht-probe'
import { startDhtSwarm, startSeeder, type DhtSwarm, type Seeder } from '../../support/dht-swarm'
import { fixtureInfoDicts } from '../../support/fixture-info-dicts'
import { runCli, startService, TEST_ADMIN_KEY, type RunningService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const API_KEY = 'control-test-key-0123456789'
const dataDir = makeTempDir('crawl-control-')
let swarm: DhtSwarm
let seeder: Seeder
let service: RunningService | undefined
let dhtPort: number
/** DHT queries the swarm's nodes received from the service's node. */
let queriesFromService = 0
// v1 torrents only: their key is the SHA-1 of the info dict the seeder serves.
const infos = [...fixtureInfoDicts()].filter(([hash, info]) => createHash('sha1').update(info).digest('hex') === hash)
const [crawled, viaPeerHint, viaDht, viaCli] = infos.map(([hash]) => hash) as [string, string, string, string]

const serviceVars = () => ({
  DATA_DIR: dataDir,
  SERVICE_DHT_ENABLED: 'true',
  SERVICE_DHT_HOST: '127.0.0.1',
  SERVICE_DHT_PORT: String(dhtPort),
  SERVICE_DHT_BOOTSTRAP: swarm.bootstrap,
  SERVICE_DHT_FETCH_TIMEOUT: '8s',
  SERVICE_INGEST_FLUSH_INTERVAL: '100ms',
  TORZNAB_API_KEY: API_KEY,
})

async function gql(
  query: string,
  headers: Record<string, string> = { 'x-core-admin-key': TEST_ADMIN_KEY },
): Promise<{ data?: Record<string, any>; errors?: any[] }> {
  const response = await fetch(`${service!.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  })
  return (await response.json()) as { data?: Record<string, any>; errors?: any[] }
}

const requestOf = async (infoHash: string) =>
  ((await gql('{ fetchRequests { infoHash name state detail peers trackers requestedAt deadlineAt } }')).data!.fetchRequests as any[]).find(
    (request) => request.infoHash === infoHash,
  )

const isIndexed = (infoHash: string, source: string) => {
  const db = new Database(join(dataDir, 'index.db'), { readonly: true })
  try {
    return (
      db
        .query(
          `SELECT 1 FROM torrents t JOIN torrent_sources ts ON ts.torrent_id = t.id JOIN sources s ON s.id = ts.source_id
           WHERE t.info_hash = ? AND s.key = ?`,
        )
        .get(Buffer.from(infoHash, 'hex'), source) !== null
    )
  } finally {
    db.close()
  }
}

async function stopService(): Promise<void> {
  service?.child.kill('SIGTERM')
  await service?.child.exited
  service = undefined
}

beforeAll(async () => {
  dhtPort = await freeUdpPort()
  swarm = await startDhtSwarm(6, 3, 64)
  for (const node of swarm.nodes)
    node.dht._rpc.on('query', (_query: KrpcMessage, from: RemoteInfo) => {
      if (from.port === dhtPort) queriesFromService++
    })
  seeder = await startSeeder('honest', new Map(infos))
  await swarm.announce(crawled, seeder.port)
  service = await startService(serviceVars(), 'core')
}, 60_000)

afterAll(async () => {
  await stopService()
  await seeder.stop()
  await swarm.stop()
})

describe('pause and resume', () => {
  test('crawling, the crawler walks the DHT and stores what it finds', async () => {
    await waitFor(() => isIndexed(crawled, 'dht'), 30_000)
    expect(queriesFromService).toBeGreaterThan(0)
    expect((await gql('{ crawler { mode paused schedule running } }')).data!.crawler).toEqual({
      mode: 'crawling',
      paused: false,
      schedule: null,
      running: true,
    })
  }, 60_000)

  test('pausing needs the core admin key; the Torznab key does not do', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'x-core-admin-key': 'wrong-key-wrong-key-wrong' },
      { authorization: `Bearer ${API_KEY}` },
    ]
    for (const headers of refusals) {
      const answer = await gql('mutation { setCrawlerPaused(paused: true) { mode } }', headers)
      expect(answer.errors?.[0]?.extensions?.code).toBe('unauthorized')
    }
    expect((await gql('{ crawler { mode } }')).data!.crawler.mode).toBe('crawling')
  })

  test('a paused crawler sends no DHT query from a second after the pause', async () => {
    const answer = await gql('mutation { setCrawlerPaused(paused: true) { mode paused } }')
    expect(answer.data!.setCrawlerPaused).toEqual({ mode: 'paused', paused: true })
    await Bun.sleep(1_000)
    const atPause = queriesFromService
    await Bun.sleep(4_000)
    expect(queriesFromService).toBe(atPause)
    const health = (await (await fetch(`${service!.baseUrl}/api/v1/status`)).json()) as {
      components: Record<string, { status: string; error: string | null }>
    }
    expect(health.components.dht).toMatchObject({ status: 'inactive', error: 'paused by the operator' })
  }, 60_000)
})

describe('fetch by hash or magnet while paused', () => {
  test("a magnet's x.pe peer is asked directly: indexed with no DHT query", async () => {
    const before = queriesFromService
    const magnet = `magnet:?xt=urn:btih:${viaPeerHint.toUpperCase()}&dn=Hinted&tr=udp%3A%2F%2Ftracker.invalid%3A1337&x.pe=127.0.0.1:${seeder.port}`
    const answer = await gql(`mutation { fetchTorrents(targets: ["${magnet}"]) { infoHash name state peers trackers } }`)
    expect(answer.errors).toBeUndefined()
    expect(answer.data!.fetchTorrents).toEqual([
      {
        infoHash: viaPeerHint,
        name: 'Hinted',
        state: 'queued',
        peers: [`127.0.0.1:${seeder.port}`],
        trackers: ['udp://tracker.invalid:1337'],
      },
    ])
    await waitFor(async () => (await requestOf(viaPeerHint))?.state === 'found', 30_000)
    expect(isIndexed(viaPeerHint, 'fetch')).toBe(true)
    expect(queriesFromService).toBe(before)
  }, 60_000)

  test('a bare hash is found through the DHT (get_peers), and the pause holds for the crawl', async () => {
    await swarm.announce(viaDht, seeder.port)
    const answer = await gql(`mutation { fetchTorrents(targets: ["${viaDht}"]) { state } }`)
    expect(answer.data!.fetchTorrents).toEqual([{ state: 'queued' }])
    await waitFor(async () => (await requestOf(viaDht))?.state === 'found', 30_000)
    expect(isIndexed(viaDht, 'fetch')).toBe(true)
    expect((await gql('{ crawler { mode } }')).data!.crawler.mode).toBe('paused')
  }, 60_000)

  test('a hash the index holds is found at once; one nobody has is not found at its deadline', async () => {
    const missing = randomBytes(20).toString('hex')
    const answer = await gql(`mutation { fetchTorrents(targets: ["${crawled}", "${missing}"]) { infoHash state detail } }`)
    expect(answer.data!.fetchTorrents).toEqual([
      { infoHash: crawled, state: 'found', detail: 'already in the index' },
      { infoHash: missing, state: 'queued', detail: null },
    ])
    await waitFor(async () => (await requestOf(missing))?.state === 'searching', 30_000, 50)
    await waitFor(async () => (await requestOf(missing))?.state === 'not_found', 30_000)
    expect((await requestOf(missing)).detail).toStartWith('not found within 8 s')
  }, 60_000)

  test('bad targets are refused by field and change nothing; the mutation needs the key', async () => {
    const before = ((await gql('{ fetchRequests { infoHash } }')).data!.fetchRequests as unknown[]).length
    const cases: [string, string][] = [
      ['["not a hash"]', 'targets[0]'],
      [`["${viaCli}", "magnet:?xt=urn:btmh:1220${'ab'.repeat(32)}"]`, 'targets[1]'],
      [`["magnet:?xt=urn:btih:${viaCli}&x.pe=nowhere"]`, 'targets[0]'],
      ['[]', 'targets'],
      [JSON.stringify(Array.from({ length: 51 }, () => viaCli)), 'targets'],
    ]
    for (const [targets, field] of cases) {
      const answer = await gql(`mutation { fetchTorrents(targets: ${targets}) { state } }`)
      expect(answer.errors?.[0]?.extensions, targets).toMatchObject({ code: 'bad_request', field })
    }
    expect((await gql(`mutation { fetchTorrents(targets: ["${viaCli}"]) { state } }`, {})).errors?.[0]?.extensions?.code).toBe(
      'unauthorized',
    )
    expect(((await gql('{ fetchRequests { infoHash } }')).data!.fetchRequests as unknown[]).length).toBe(before)
  })

  test('cli fetch --wait asks the running core with the key and follows the request to found', async () => {
    const result = await runCli(['fetch', '--wait', `magnet:?xt=urn:btih:${viaCli}&x.pe=127.0.0.1:${seeder.port}`], {
      DATA_DIR: dataDir,
      CORE_GRAPHQL_URL: `${service!.baseUrl}/graphql`,
      CORE_ADMIN_KEY: TEST_ADMIN_KEY,
    })
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain(`${viaCli} queued`)
    expect(result.stdout).toContain(`${viaCli} found`)
    expect(result.exitCode).toBe(0)
    const wrongKey = { DATA_DIR: dataDir, CORE_GRAPHQL_URL: `${service!.baseUrl}/graphql`, CORE_ADMIN_KEY: 'not-the-admin-key-0123456789' }
    const refused = await runCli(['fetch', 'nonsense'], wrongKey)
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain("fetchTorrents is the dashboard's: it needs the core admin key")
    const unset = await runCli(['fetch', 'nonsense'], { DATA_DIR: dataDir, CORE_GRAPHQL_URL: `${service!.baseUrl}/graphql` })
    expect(unset).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('set CORE_ADMIN_KEY') })
  }, 60_000)
})

describe('across a restart', () => {
  test('the pause and the requests survive; a resume sends queries again', async () => {
    await stopService()
    service = await startService(serviceVars(), 'core')
    expect((await gql('{ crawler { mode paused } }')).data!.crawler).toEqual({ mode: 'paused', paused: true })
    expect((await requestOf(viaPeerHint))?.state).toBe('found')
    await Bun.sleep(2_000)
    const whilePaused = queriesFromService
    await Bun.sleep(2_000)
    expect(queriesFromService).toBe(whilePaused)
    expect((await gql('mutation { setCrawlerPaused(paused: false) { mode paused } }')).data!.setCrawlerPaused).toEqual({
      mode: 'crawling',
      paused: false,
    })
    await waitFor(() => queriesFromService > whilePaused, 30_000, 50)
  }, 60_000)
})

describe('quiet hours', () => {
  /** A window of local time that starts `fromMinutes` from now and lasts an hour. */
  const windowFromNow = (fromMinutes: number) => {
    const clock = (offset: number) => {
      const at = new Date(Date.now() + offset * 60_000)
      return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
    }
    return `${clock(fromMinutes)}-${clock(fromMinutes + 60)}`
  }

  test('outside its window the crawler sends no query and says why; inside it crawls', async () => {
    await stopService()
    const schedule = windowFromNow(120)
    service = await startService({ ...serviceVars(), SERVICE_DHT_SCHEDULE: schedule }, 'core')
    await gql('mutation { setCrawlerPaused(paused: false) { mode } }')
    expect((await gql('{ crawler { mode paused schedule } }')).data!.crawler).toEqual({ mode: 'off_hours', paused: false, schedule })
    await waitFor(
      async () => (await (await fetch(`${service!.baseUrl}/api/v1/status`)).json()).components.dht.status === 'inactive',
      30_000,
      50,
    )
    const status = (await (await fetch(`${service!.baseUrl}/api/v1/status`)).json()) as { components: Record<string, { error: string }> }
    expect(status.components.dht!.error).toBe(`outside SERVICE_DHT_SCHEDULE (${schedule})`)
    const before = queriesFromService
    await Bun.sleep(3_000)
    expect(queriesFromService).toBe(before)

    await stopService()
    service = await startService({ ...serviceVars(), SERVICE_DHT_SCHEDULE: windowFromNow(-1) }, 'core')
    expect((await gql('{ crawler { mode } }')).data!.crawler.mode).toBe('crawling')
    await waitFor(() => queriesFromService > before, 30_000, 50)
  }, 60_000)
})
