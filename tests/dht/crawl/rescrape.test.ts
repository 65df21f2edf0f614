/**
 * The scheduled swarm re-check against a loopback BitTorrent network: imported torrents whose
 * last checks lie days apart are checked again without any search, oldest first, within the
 * rate, their counts and check time following the latest check into GraphQL, Torznab and the
 * metrics; a pause stops it, and neither `off` nor quiet hours send a single scrape. What the
 * service asks is counted where it arrives, at the swarm's nodes.
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { KrpcMessage, RemoteInfo } from 'bittorrent-dht'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freeUdpPort, metricValue, waitFor } from '../../support/dht-probe'
import { startDhtSwarm, type DhtSwarm } from '../../support/dht-swarm'
import { ADMIN_HEADERS, runCli, startService, type RunningService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'
import { getTorznab } from '../../support/torznab-client'

const DAY = 86_400
const NOW = Math.floor(Date.now() / 1000)
const RATE = 2
const hash = (n: number) => `5c${n.toString(16).padStart(38, '0')}`

/** Imported torrents and when their swarms were last checked (0: never). */
const NAMED = {
  recent: { infoHash: hash(1), name: 'Recently.Checked.2019.1080p.WEB-DL', checkedAt: NOW - 3 * DAY },
  tenDays: { infoHash: hash(2), name: 'Ten.Days.Ago.2018.1080p.BluRay', checkedAt: NOW - 10 * DAY },
  neverA: { infoHash: hash(3), name: 'Never.Checked.A.2017.720p.HDTV', checkedAt: 0 },
  eightDays: { infoHash: hash(4), name: 'Eight.Days.Ago.2016.2160p.WEB', checkedAt: NOW - 8 * DAY },
  neverB: { infoHash: hash(5), name: 'Never.Checked.B.2015.1080p.WEB', checkedAt: 0 },
  monthAgo: { infoHash: hash(6), name: 'Month.Ago.Growing.Swarm.2014.1080p.BluRay', checkedAt: NOW - 30 * DAY },
}
/** Checked 9 days ago: after the 10-day one, before the 8-day one, so the pause meets work still due. */
const FILLERS = Array.from({ length: 24 }, (_, i) => ({
  infoHash: hash(100 + i),
  name: `Filler.${i}.2013.720p.WEB`,
  checkedAt: NOW - 9 * DAY,
}))
const ORDER = [NAMED.neverA, NAMED.neverB, NAMED.monthAgo, NAMED.tenDays, NAMED.eightDays].map((t) => t.infoHash)

let swarm: DhtSwarm
let dhtPort: number
let service: RunningService | undefined
/** get_peers scrapes from the service's node, by hash, in the order they first arrived. */
const firstScrapedAt = new Map<string, number>()
let scrapes = 0

async function prepareIndex(dataDir: string): Promise<void> {
  const dump = join(dataDir, 'dump.jsonl')
  const lines = [...Object.values(NAMED), ...FILLERS].map(({ infoHash, name }) =>
    JSON.stringify({ infoHash, name, size: 2_000_000_000, seeders: 7, leechers: 1, publishedAt: NOW - 40 * DAY }),
  )
  writeFileSync(dump, lines.join('\n'))
  const imported = await runCli(['import', dump], { DATA_DIR: dataDir })
  expect(imported.exitCode).toBe(0)
  const db = new Database(join(dataDir, 'index.db'))
  const set = db.prepare('UPDATE torrents SET swarm_checked_at = ? WHERE info_hash = ?')
  for (const { infoHash, checkedAt } of [...Object.values(NAMED), ...FILLERS]) set.run(checkedAt, Buffer.from(infoHash, 'hex'))
  db.close()
}

const serviceVars = (dataDir: string, extra: Record<string, string>) => ({
  DATA_DIR: dataDir,
  SERVICE_DHT_ENABLED: 'true',
  SERVICE_DHT_HOST: '127.0.0.1',
  SERVICE_DHT_PORT: String(dhtPort),
  SERVICE_DHT_BOOTSTRAP: swarm.bootstrap,
  SERVICE_DHT_RESCRAPE_RATE: String(RATE),
  TZ: 'UTC',
  ...extra,
})

async function stopService(): Promise<void> {
  service?.child.kill('SIGTERM')
  await service?.child.exited
  service = undefined
}

async function gql(query: string, headers: Record<string, string> = {}): Promise<Record<string, any>> {
  const response = await fetch(`${service!.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  })
  const answer = (await response.json()) as { data: Record<string, any>; errors?: unknown }
  expect(answer.errors).toBeUndefined()
  return answer.data
}

const swarmOf = async (infoHash: string) =>
  (await gql(`{ torrentContent { search(input: { infoHashes: ["${infoHash}"] }) { items { seeders leechers swarmCheckedAt } } } }`))
    .torrentContent.search.items[0]

beforeAll(async () => {
  dhtPort = await freeUdpPort()
  swarm = await startDhtSwarm(5, 2)
  for (const node of swarm.nodes)
    node.dht._rpc.on('query', (query: KrpcMessage, from: RemoteInfo) => {
      if (from.port !== dhtPort || String(query.q) !== 'get_peers' || query.a?.scrape !== 1) return
      scrapes++
      const infoHash = Buffer.from(query.a.info_hash as Uint8Array).toString('hex')
      if (!firstScrapedAt.has(infoHash)) firstScrapedAt.set(infoHash, Date.now())
    })
  // The month-old check is stale: the swarm has grown since.
  swarm.addSeeds(
    NAMED.monthAgo.infoHash,
    Array.from({ length: 40 }, (_, i) => `10.34.${i}.1`),
  )
}, 60_000)

afterAll(async () => {
  await stopService()
  await swarm.stop()
})

describe('the scheduled re-check', () => {
  const dataDir = makeTempDir('rescrape-')
  let spawnedAtMs = 0

  test('checks due torrents without any search, oldest check first, within its rate; a pause stops it', async () => {
    await prepareIndex(dataDir)
    spawnedAtMs = Date.now()
    service = await startService(serviceVars(dataDir, {}), 'core')
    await waitFor(() => ORDER.slice(0, 4).every((infoHash) => firstScrapedAt.has(infoHash)), 40_000)

    // Every distinct hash scraped so far was a re-check (nothing was searched): never more than
    // the rate allows since the service was spawned, a second's burst included.
    const elapsedSeconds = (Date.now() - spawnedAtMs) / 1000
    expect(firstScrapedAt.size).toBeLessThanOrEqual(RATE * elapsedSeconds + RATE)

    const paused = await gql('mutation { setCrawlerPaused(paused: true) { mode } }', ADMIN_HEADERS)
    expect(paused.setCrawlerPaused.mode).toBe('paused')
    // Checks already asked may still be answered; from a second on, the node asks nothing.
    await Bun.sleep(1_000)
    const atPause = scrapes
    const dueAtPause = ORDER.filter((infoHash) => !firstScrapedAt.has(infoHash))
    expect(dueAtPause).toContain(NAMED.eightDays.infoHash)
    await Bun.sleep(4_000)
    expect(scrapes).toBe(atPause)

    await gql('mutation { setCrawlerPaused(paused: false) { mode } }', ADMIN_HEADERS)
    await waitFor(() => firstScrapedAt.has(NAMED.eightDays.infoHash), 40_000)
    const order = [...firstScrapedAt.keys()].filter((infoHash) => ORDER.includes(infoHash))
    expect(order).toEqual(ORDER)
    // Checked 3 days ago: not due within 7 days.
    expect(firstScrapedAt.has(NAMED.recent.infoHash)).toBe(false)
    const fillersFirst = FILLERS.map((filler) => firstScrapedAt.get(filler.infoHash)!)
    expect(Math.min(...fillersFirst)).toBeGreaterThan(firstScrapedAt.get(NAMED.tenDays.infoHash)!)
    expect(Math.max(...fillersFirst)).toBeLessThan(firstScrapedAt.get(NAMED.eightDays.infoHash)!)
  }, 120_000)

  test('the counts and their check time follow the latest check: metrics, GraphQL and Torznab', async () => {
    await waitFor(
      async () =>
        (await metricValue(service!.baseUrl, 'service_dht_swarm_checks_total', { trigger: 'schedule', outcome: 'counted' })) >=
        ORDER.length + FILLERS.length,
      20_000,
    )
    // Everything due is checked: the oldest check is now the one of 3 days ago. (Read before any
    // search below: a search asks for fresh counts of what it finds.)
    const age = await metricValue(service!.baseUrl, 'service_dht_swarm_oldest_check_age_seconds')
    expect(age).toBeGreaterThanOrEqual(3 * DAY)
    expect(age).toBeLessThan(3 * DAY + 600)
    // Not due: the import's counts and the check of 3 days ago stand.
    expect(await swarmOf(NAMED.recent.infoHash)).toEqual({
      seeders: 7,
      leechers: 1,
      swarmCheckedAt: new Date(NAMED.recent.checkedAt * 1000).toISOString(),
    })

    const grown = await swarmOf(NAMED.monthAgo.infoHash)
    // BEP 33 estimates of 40 seed addresses; the import said 7.
    expect(grown.seeders).toBeGreaterThan(30)
    expect(grown.seeders).toBeLessThan(50)
    expect(grown.leechers).toBe(0)
    expect(Date.parse(grown.swarmCheckedAt)).toBeGreaterThanOrEqual(spawnedAtMs - 1_000)
    const torznab = await getTorznab(`${service!.baseUrl}/torznab/api?t=search&q=growing`)
    const item = torznab.items.find((entry) => entry.attrs.get('infohash')?.[0] === NAMED.monthAgo.infoHash)!
    expect(Number(item.attrs.get('seeders')?.[0])).toBe(grown.seeders)
    expect(Number(item.attrs.get('peers')?.[0])).toBe(grown.seeders + grown.leechers)
  }, 60_000)
})

describe('no re-check', () => {
  const dataDir = makeTempDir('rescrape-off-')

  test('SERVICE_DHT_RESCRAPE_INTERVAL=off: the crawl walks, no stored torrent is scraped, none gains a check time', async () => {
    await stopService()
    await prepareIndex(dataDir)
    firstScrapedAt.clear()
    service = await startService(serviceVars(dataDir, { SERVICE_DHT_RESCRAPE_INTERVAL: 'off' }), 'core')
    // The crawler is at work: it has walked the DHT a few times over.
    await waitFor(
      async () => (await metricValue(service!.baseUrl, 'service_dht_queries_sent_total', { query: 'sample_infohashes' })) >= 3,
      30_000,
    )
    await Bun.sleep(3_000)
    const ours = new Set([...Object.values(NAMED), ...FILLERS].map((t) => t.infoHash))
    expect([...firstScrapedAt.keys()].filter((infoHash) => ours.has(infoHash))).toEqual([])
    expect((await swarmOf(NAMED.neverA.infoHash)).swarmCheckedAt).toBeNull()
    expect(await metricValue(service!.baseUrl, 'service_dht_swarm_checks_total', { trigger: 'schedule', outcome: 'counted' })).toBe(0)
  }, 60_000)

  test('quiet hours: outside SERVICE_DHT_SCHEDULE the due torrents wait, and nothing is scraped', async () => {
    await stopService()
    firstScrapedAt.clear()
    // A window that opens an hour from now (UTC) and closes an hour later.
    const clock = (offsetHours: number) => new Date(Date.now() + offsetHours * 3_600_000).toISOString().slice(11, 16)
    service = await startService(serviceVars(dataDir, { SERVICE_DHT_SCHEDULE: `${clock(1)}-${clock(2)}` }), 'core')
    expect((await gql('{ crawler { mode } }', ADMIN_HEADERS)).crawler.mode).toBe('off_hours')
    await waitFor(() => service!.logs.some((line) => line.includes('dht crawler listening')), 30_000)
    await Bun.sleep(5_000)
    expect(firstScrapedAt.size).toBe(0)
    expect((await swarmOf(NAMED.neverA.infoHash)).swarmCheckedAt).toBeNull()
  }, 60_000)
})
