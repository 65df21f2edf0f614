/**
 * The crawler against a loopback BitTorrent network: DHT nodes (half answering BEP 51), an
 * honest seeder of the 16 corpus torrents and five hostile peers, each announced the real way.
 * The service must find, verify, classify and serve every real torrent, store nothing from the
 * hostile ones, answer other nodes' queries, and keep its nodes across a restart.
 */
import { Database } from 'bun:sqlite'
import bencode from 'bencode'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseTorrentFile } from '../../../src/metainfo'
import { findTopLevelValueSpan } from '../../../src/metainfo/bencode-span'
import { startDhtSwarm, startSeeder, type DhtSwarm, type Seeder, type SeederBehaviour } from '../../support/dht-swarm'
import { ADMIN_HEADERS, startService, type RunningService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'
import { expectedKey, readTorrentFixture, torrentFixtures } from '../../support/torrent-fixtures'
import { getTorznab } from '../../support/torznab-client'
import { freeUdpPort, krpcQuery, metricValue, waitFor } from '../../support/dht-probe'

const HOSTILE: SeederBehaviour[] = ['wrong_metadata', 'oversized', 'stall', 'garbage', 'flood']

let swarm: DhtSwarm
const seeders: Seeder[] = []
let service: RunningService | undefined
const dataDir = makeTempDir('crawl-')
let dhtPort: number
const hostileHashes = new Map<SeederBehaviour, string>()

const serviceVars = (bootstrap: string) => ({
  DATA_DIR: dataDir,
  SERVICE_DHT_ENABLED: 'true',
  SERVICE_DHT_HOST: '127.0.0.1',
  SERVICE_DHT_PORT: String(dhtPort),
  SERVICE_DHT_BOOTSTRAP: bootstrap,
  SERVICE_INGEST_FLUSH_INTERVAL: '100ms',
})

async function stopService(): Promise<void> {
  if (!service) return
  service.child.kill('SIGTERM')
  await service.child.exited
  service = undefined
}

beforeAll(async () => {
  dhtPort = await freeUdpPort()
  const infos = new Map<string, Uint8Array>()
  for (const fixture of torrentFixtures) {
    const file = readTorrentFixture(fixture.file)
    const [start, end] = findTopLevelValueSpan(file, 'info')!
    infos.set(expectedKey(fixture), file.subarray(start, end))
  }
  // 64 samples an answer: each node holds all 21 hashes, so one sample names every one of them.
  swarm = await startDhtSwarm(6, 3, 64)
  const honest = await startSeeder('honest', infos)
  seeders.push(honest)
  for (const hash of infos.keys()) await swarm.announce(hash, honest.port)
  // Another torrent's real metadata, served for every hash the wrong_metadata peer is asked for.
  const decoy = new Map([['decoy', infos.values().next().value!]])
  for (const behaviour of HOSTILE) {
    const seeder = await startSeeder(behaviour, decoy)
    seeders.push(seeder)
    const hash = randomBytes(20).toString('hex')
    hostileHashes.set(behaviour, hash)
    await swarm.announce(hash, seeder.port)
  }
  service = await startService(serviceVars(swarm.bootstrap))
}, 60_000)

afterAll(async () => {
  await stopService()
  await Promise.all(seeders.map((seeder) => seeder.stop()))
  await swarm.stop()
})

describe('crawling a loopback DHT', () => {
  test('every corpus torrent is discovered, fetched, verified and stored with its classification', async () => {
    await waitFor(async () => (await metricValue(service!.baseUrl, 'service_dht_metadata_fetched_total')) >= torrentFixtures.length, 40_000)
    const db = new Database(join(dataDir, 'index.db'), { readonly: true })
    try {
      const readRows = () =>
        db
          .query<
            { hash: string; name: string; content_type: string; files_count: number; seeders: number | null; leechers: number | null },
            []
          >(
            `SELECT lower(hex(t.info_hash)) AS hash, t.name, c.content_type, t.files_count, t.seeders, t.leechers
             FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id`,
          )
          .all()
      // A fetched torrent is stored by the ingest batch after it, and its swarm counts by the scrape after that.
      const isStored = (rows: ReturnType<typeof readRows>) =>
        torrentFixtures.every((fixture) => rows.some((row) => row.hash === expectedKey(fixture) && row.seeders !== null))
      for (const deadline = Date.now() + 30_000; !isStored(readRows()) && Date.now() < deadline; ) await Bun.sleep(100)
      const byHash = new Map(readRows().map((row) => [row.hash, row]))
      for (const fixture of torrentFixtures) {
        const row = byHash.get(expectedKey(fixture))
        expect(row, fixture.file).toBeDefined()
        expect(row!.content_type, fixture.file).toBe(fixture.label_content_type)
        // What an import of the .torrent stores: padding files are not content.
        expect(row!.files_count, fixture.file).toBe(parseTorrentFile(readTorrentFixture(fixture.file)).files.length)
        // BEP 33 from the nodes that answer scrapes: one seeder (the honest peer), no leechers.
        expect([row!.seeders, row!.leechers], fixture.file).toEqual([1, 0])
      }
      const sources = db
        .query<{ source: string; count: number }, []>(
          'SELECT s.key AS source, count(*) AS count FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id GROUP BY s.key',
        )
        .all()
      expect(sources).toEqual([{ source: 'dht', count: torrentFixtures.length }])
    } finally {
      db.close()
    }
  }, 60_000)

  test('crawled torrents are found through Torznab search', async () => {
    for (const fixture of torrentFixtures.slice(0, 6)) {
      const word = fixture.name.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 4)!
      const answer = await getTorznab(`${service!.baseUrl}/torznab/api?t=search&q=${encodeURIComponent(word)}&limit=100`)
      expect(answer.error).toBeNull()
      const hashes = answer.items.map((item) => item.attrs.get('infohash')?.[0])
      expect(hashes, fixture.name).toContain(expectedKey(fixture))
    }
  })

  test('a Torznab search refreshes the swarm counts of what it found', async () => {
    // Not one of the torrents searched above: a torrent is scraped at most once an hour.
    const fixture = torrentFixtures.find((candidate) => candidate.file === 'debian-10.8.0-netinst.torrent')!
    const hash = expectedKey(fixture)
    swarm.addSeeds(
      hash,
      Array.from({ length: 40 }, (_, i) => `10.9.${i}.1`),
    )
    const seeders = async () => {
      const answer = await getTorznab(`${service!.baseUrl}/torznab/api?t=search&q=debian`)
      return Number(answer.items.find((item) => item.attrs.get('infohash')?.[0] === hash)?.attrs.get('seeders')?.[0])
    }
    expect(await seeders()).toBe(1)
    // The search itself asked for the scrape; the next one shows its answer (BEP 33 estimates).
    // One scrape per torrent an hour: the wait is for that one, however slow a loaded swarm is to answer it.
    await waitFor(async () => (await seeders()) > 30, 50_000)
    expect(await seeders()).toBeLessThan(50)
  }, 60_000)

  test('hostile peers are dropped, each for its own reason, and nothing of theirs is stored', async () => {
    const failed = (reason: string) => metricValue(service!.baseUrl, 'service_dht_metadata_failed_total', { reason })
    // Each peer's fetch ends in its turn (the stalling one after the 6 s peer timeout), and the
    // worker reports its counters once a second: each reason is waited for.
    for (const reason of ['timeout', 'hash_mismatch', 'too_large', 'handshake', 'flood'])
      await waitFor(async () => (await failed(reason)) >= 1, 30_000)
    const db = new Database(join(dataDir, 'index.db'), { readonly: true })
    try {
      expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM torrents').get()!.n).toBe(torrentFixtures.length)
      for (const hash of hostileHashes.values()) {
        expect(db.query('SELECT 1 FROM torrents WHERE info_hash = ?').get(Buffer.from(hash, 'hex'))).toBeNull()
      }
    } finally {
      db.close()
    }
  }, 60_000)

  test('the node answers ping, find_node, get_peers and sample_infohashes, and shrugs off garbage', async () => {
    const socket = createSocket('udp4')
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
    try {
      for (const junk of [
        Buffer.from('not bencode at all'),
        Buffer.from('d1:y1:qe'),
        Buffer.from('i42e'),
        randomBytes(1500),
        Buffer.from('d1:ad2:id3:abce1:q4:ping1:t2:aa1:y1:qe'),
      ]) {
        socket.send(junk, dhtPort, '127.0.0.1')
      }
      const id = randomBytes(20)
      const ping = await krpcQuery(socket, dhtPort, 'ping', { id })
      expect((ping.r.id as Uint8Array).length).toBe(20)
      const findNode = await krpcQuery(socket, dhtPort, 'find_node', { id, target: randomBytes(20) })
      expect((findNode.r.nodes as Uint8Array).length % 26).toBe(0)
      expect((findNode.r.nodes as Uint8Array).length).toBeGreaterThan(0)
      const getPeers = await krpcQuery(socket, dhtPort, 'get_peers', { id, info_hash: randomBytes(20) })
      expect(getPeers.r.token).toBeInstanceOf(Uint8Array)
      const samples = await krpcQuery(socket, dhtPort, 'sample_infohashes', { id, target: randomBytes(20) })
      expect(samples.r.interval).toBeGreaterThan(0)
      expect(samples.r.num).toBeGreaterThanOrEqual(1)
      const sampled = samples.r.samples as Uint8Array
      expect(sampled.length % 20).toBe(0)
      const known = new Set(torrentFixtures.map(expectedKey))
      expect(known.has(Buffer.from(sampled.subarray(0, 20)).toString('hex'))).toBe(true)
      const bad = await krpcQuery(socket, dhtPort, 'sample_infohashes', { id })
      expect(bad.y).toBe('e')
      expect((bad.e as unknown[])[0]).toBe(203)
    } finally {
      socket.close()
    }
    const health = (await (await fetch(`${service!.baseUrl}/healthz`)).json()) as { components: Record<string, string> }
    expect(health.components.dht).toBe('up')
  })

  test('a node flooding it with queries is answered up to its rate, then dropped, and others still are', async () => {
    const flooder = createSocket('udp4')
    const polite = createSocket('udp4')
    await Promise.all([flooder, polite].map((socket) => new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))))
    try {
      let answered = 0
      flooder.on('message', () => answered++)
      const ping = Buffer.from(bencode.encode({ t: Buffer.from('fl'), y: 'q', q: 'ping', a: { id: randomBytes(20) } }))
      for (let i = 0; i < 300; i++) flooder.send(ping, dhtPort, '127.0.0.1')
      // However long the node takes to read the flood: a burst of 20 is answered, then one a second.
      await waitFor(async () => (await metricValue(service!.baseUrl, 'service_dht_queries_dropped_total')) >= 200, 30_000)
      await waitFor(() => answered >= 15, 30_000, 20)
      expect(answered).toBeLessThan(40)
      const reply = await krpcQuery(polite, dhtPort, 'ping', { id: randomBytes(20) })
      expect((reply.r.id as Uint8Array).length).toBe(20)
    } finally {
      flooder.close()
      polite.close()
    }
  })

  test('metrics and GraphQL show the crawler at work', async () => {
    // The worker reports its counters once a second.
    await waitFor(async () => (await metricValue(service!.baseUrl, 'service_dht_queries_received_total', { query: 'ping' })) > 0, 30_000)
    const text = await (await fetch(`${service!.baseUrl}/metrics`)).text()
    expect(text).toContain('service_dht_client_request_concurrency{request_type="sample_infohashes"}')
    expect(await metricValue(service!.baseUrl, 'service_dht_queries_sent_total', { query: 'sample_infohashes' })).toBeGreaterThan(0)
    expect(await metricValue(service!.baseUrl, 'service_dht_queries_sent_total', { query: 'get_peers' })).toBeGreaterThan(0)
    expect(await metricValue(service!.baseUrl, 'service_dht_hashes_discovered_total', { source: 'sample_infohashes' })).toBeGreaterThan(0)
    expect(swarm.samplesAnswered()).toBeGreaterThan(0)
    const response = await fetch(`${service!.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ workers { listAll { workers { key started } } } }' }),
    })
    const body = (await response.json()) as { data: { workers: { listAll: { workers: { key: string; started: boolean }[] } } } }
    expect(body.data.workers.listAll.workers).toContainEqual({ key: 'dht_crawler', started: true })
    // The dashboard's figures: the routing table's size and when the crawler last stored a torrent.
    const dashboard = await fetch(`${service!.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
      body: JSON.stringify({ query: '{ stats { dhtPeerCount lastCrawlAt } crawler { enabled running warning { code } } }' }),
    })
    const { data } = (await dashboard.json()) as { data: { stats: { dhtPeerCount: number; lastCrawlAt: string }; crawler: unknown } }
    expect(data.stats.dhtPeerCount).toBeGreaterThan(0)
    expect(Date.now() - Date.parse(data.stats.lastCrawlAt)).toBeLessThan(120_000)
    expect(data.crawler).toEqual({ enabled: true, running: true, warning: null })
  })

  test('a restart keeps the node id and good nodes, and does not fetch the index again', async () => {
    await stopService()
    const statePath = join(dataDir, 'dht-state.json')
    expect(existsSync(statePath)).toBe(true)
    const saved = JSON.parse(readFileSync(statePath, 'utf8')) as { nodeId: string; nodes: { port: number }[] }
    expect(saved.nodeId).toMatch(/^[0-9a-f]{40}$/)
    const swarmPorts = new Set(swarm.nodes.map((node) => node.port))
    expect(saved.nodes.filter((node) => swarmPorts.has(node.port)).length).toBeGreaterThanOrEqual(3)

    // The configured bootstrap is dead: only the saved nodes can bring the node back.
    service = await startService(serviceVars('127.0.0.1:9'))
    await waitFor(() => service!.logs.some((line) => line.includes('dht crawler listening')), 30_000)
    const started = service.logs.map((line) => JSON.parse(line)).find((record) => record.msg === 'dht crawler listening')
    expect(started.nodeId).toBe(saved.nodeId)
    expect(started.savedNodes).toBe(saved.nodes.length)
    await waitFor(
      async () => (await metricValue(service!.baseUrl, 'service_dht_queries_sent_total', { query: 'sample_infohashes' })) >= 3,
      20_000,
    )
    expect(await metricValue(service!.baseUrl, 'service_dht_responses_total')).toBeGreaterThan(0)
    expect(await metricValue(service!.baseUrl, 'service_dht_metadata_fetched_total')).toBe(0)
  }, 60_000)
})
