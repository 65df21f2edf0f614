/**
 * The crawler's parts on their own: decoding what remote nodes send, the filters and tables
 * that bound its memory, the saved state, and the metadata fetch against each kind of peer.
 */
import { describe, expect, test } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeCompactNodes, decodeCompactPeers, decodeSamples } from '../../src/dht/compact'
import { ExpiringSet } from '../../src/dht/expiring-set'
import { FetchError, type FetchFailure } from '../../src/dht/fetch-error'
import { fetchMetadata } from '../../src/dht/fetch-metadata'
import { NodeTable } from '../../src/dht/node-table'
import { SeenFilter } from '../../src/dht/seen-filter'
import { QueryLimiter } from '../../src/dht/query-limiter'
import { SilenceWatch } from '../../src/dht/silence-watch'
import { loadCrawlerState, saveCrawlerState } from '../../src/dht/state-file'
import { SwarmFilter } from '../../src/dht/swarm-estimate'
import { TokenBucket } from '../../src/dht/token-bucket'
import { infoMatchesHash } from '../../src/dht/verify-info'
import { findTopLevelValueSpan } from '../../src/metainfo/bencode-span'
import { scrapeFilter, startSeeder, type SeederBehaviour } from '../support/dht-swarm'
import { makeTempDir } from '../support/temp-dir'
import { expectedKey, readTorrentFixture, torrentFixtures } from '../support/torrent-fixtures'

const dir = makeTempDir('dht-parts-')

describe('compact encodings from remote nodes', () => {
  test('nodes: 26-byte entries; ragged tails, port 0 and non-strings are dropped', () => {
    const id = randomBytes(20)
    const entry = Buffer.concat([id, Buffer.from([10, 0, 0, 7]), Buffer.from([0x1a, 0xe1])])
    const portZero = Buffer.concat([randomBytes(20), Buffer.from([1, 2, 3, 4, 0, 0])])
    expect(decodeCompactNodes(Buffer.concat([entry, portZero, Buffer.from([1, 2, 3])]))).toEqual([
      { id: id.toString('hex'), host: '10.0.0.7', port: 6881 },
    ])
    expect(decodeCompactNodes('nodes')).toEqual([])
    expect(decodeCompactNodes([entry])).toEqual([])
  })

  test('peers: only 6-byte strings count', () => {
    expect(
      decodeCompactPeers([Buffer.from([127, 0, 0, 1, 0x1f, 0x90]), Buffer.from([1, 2, 3]), 42, Buffer.from([1, 1, 1, 1, 0, 0])]),
    ).toEqual([{ host: '127.0.0.1', port: 8080 }])
    expect(decodeCompactPeers(Buffer.alloc(6))).toEqual([])
  })

  test('samples: whole 20-byte hashes only', () => {
    const a = randomBytes(20)
    const b = randomBytes(20)
    expect(decodeSamples(Buffer.concat([a, b, Buffer.alloc(7)]))).toEqual([a.toString('hex'), b.toString('hex')])
    expect(decodeSamples(12)).toEqual([])
  })
})

describe('the seen filter', () => {
  test('never misses a hash it holds, and false hits stay near 1 % at its rated load', () => {
    const filter = new SeenFilter(64 * 1024)
    const held = Array.from({ length: 54_000 }, () => randomBytes(20))
    for (const hash of held) filter.add(hash)
    expect(held.every((hash) => filter.mightHave(hash))).toBe(true)
    let falseHits = 0
    for (let i = 0; i < 20_000; i++) if (filter.mightHave(randomBytes(20))) falseHits++
    expect(falseHits / 20_000).toBeLessThan(0.02)
  })
})

describe('BEP 33 swarm estimates', () => {
  test('no filter means unknown, an empty one means none', () => {
    const swarm = new SwarmFilter()
    expect(swarm.estimate()).toBeNull()
    swarm.merge(Buffer.alloc(255))
    expect(swarm.estimate()).toBeNull()
    swarm.merge(Buffer.alloc(256))
    expect(swarm.estimate()).toBe(0)
  })

  test("the union of two nodes' filters estimates the distinct peers within a few percent", () => {
    const ips = Array.from({ length: 300 }, (_, i) => `10.${i >> 8}.${i & 255}.9`)
    const swarm = new SwarmFilter()
    swarm.merge(scrapeFilter(ips.slice(0, 200)))
    swarm.merge(scrapeFilter(ips.slice(100)))
    expect(Math.abs(swarm.estimate()! - 300)).toBeLessThan(30)
  })
})

describe('the crawl table', () => {
  test('holds at most its capacity, replacing nodes that never answered', () => {
    const table = new NodeTable(2)
    expect(table.add({ host: '10.0.0.1', port: 1 }, 0)).toBe(true)
    expect(table.add({ host: '10.0.0.2', port: 1 }, 0)).toBe(true)
    expect(table.add({ host: '10.0.0.3', port: 1 }, 0)).toBe(false)
    table.get({ host: '10.0.0.1', port: 1 })!.queriedAt = 5
    expect(table.add({ host: '10.0.0.3', port: 1 }, 0)).toBe(true)
    expect(table.size).toBe(2)
    expect(table.get({ host: '10.0.0.1', port: 1 })).toBeUndefined()
  })

  test('samples only nodes that answered and whose interval has passed; two failures drop a node', () => {
    const table = new NodeTable(10)
    const a = { host: '10.0.0.1', port: 1 }
    const b = { host: '10.0.0.2', port: 1 }
    table.add(a, 0)
    table.add(b, 0)
    expect(table.dueForSampling(100, 10)).toEqual([])
    table.responded(a, 'aa'.repeat(20), 50)
    expect(table.dueForSampling(100, 10).map((node) => node.host)).toEqual(['10.0.0.1'])
    table.get(a)!.nextSampleAt = 200
    expect(table.dueForSampling(100, 10)).toEqual([])
    table.failed(b)
    expect(table.size).toBe(2)
    table.failed(b)
    expect(table.size).toBe(1)
    expect(table.responsive(10)).toEqual([{ id: 'aa'.repeat(20), host: '10.0.0.1', port: 1 }])
  })
})

describe('bounded memory and budget', () => {
  test('the expiring set forgets after its ttl and beyond its capacity', () => {
    const set = new ExpiringSet(1000, 2)
    set.add('a', 0)
    set.add('b', 0)
    set.add('c', 0)
    expect([set.has('a', 1), set.has('b', 1), set.has('c', 1)]).toEqual([false, true, true])
    expect(set.has('b', 1000)).toBe(false)
  })

  test('the token bucket gives its rate a second and no more', () => {
    const bucket = new TokenBucket(10, 0)
    let taken = 0
    while (bucket.take(0)) taken++
    expect(taken).toBe(10)
    expect(bucket.take(50)).toBe(false)
    expect(bucket.take(100)).toBe(true)
  })
})

describe('the silence watch', () => {
  test('warns once after 5 quiet minutes, recovers once on the next answer', () => {
    const watch = new SilenceWatch(300_000, 0)
    expect(watch.check(299_000, null)).toBeNull()
    expect(watch.check(301_000, null)).toEqual({ warn: 301_000 })
    expect(watch.check(400_000, null)).toBeNull()
    expect(watch.check(401_000, 400_500)).toBe('recovered')
    expect(watch.check(402_000, 400_500)).toBeNull()
    expect(watch.check(800_000, 400_500)).toEqual({ warn: 399_500 })
  })
})

describe('the saved state', () => {
  test('round-trips, and a damaged file means a fresh start with the reason', () => {
    const path = join(dir, 'state.json')
    const node = { id: 'ab'.repeat(20), host: '10.1.2.3', port: 6881 }
    saveCrawlerState(path, { nodeId: 'cd'.repeat(20), nodes: [node, { id: 'short', host: 'x', port: 1 } as never] })
    expect(loadCrawlerState(path)).toEqual({ state: { nodeId: 'cd'.repeat(20), nodes: [node] }, problem: null })
    writeFileSync(path, '{"nodeId": 12')
    const damaged = loadCrawlerState(path)
    expect(damaged.state.nodes).toEqual([])
    expect(damaged.state.nodeId).toMatch(/^[0-9a-f]{40}$/)
    expect(damaged.problem).toContain('state.json')
    expect(loadCrawlerState(join(dir, 'missing.json')).problem).toBeNull()
  })
})

describe('fetching metadata from one peer', () => {
  const infos = new Map<string, Uint8Array>()
  for (const fixture of torrentFixtures) {
    const file = readTorrentFixture(fixture.file)
    const [start, end] = findTopLevelValueSpan(file, 'info')!
    infos.set(expectedKey(fixture), file.subarray(start, end))
  }
  const [firstHash, secondHash] = [...infos.keys()]
  const secondInfo = infos.get(secondHash!)
  const fetchFrom = (port: number, infoHash: string, timeoutMs = 3_000) =>
    fetchMetadata({
      infoHash,
      peer: { host: '127.0.0.1', port },
      peerId: Buffer.from('-DI0100-testtesttest'),
      peerPort: 4413,
      clientName: 'test',
      maxBytes: 10 * 1024 * 1024,
      timeoutMs,
      connectTimeoutMs: 1_000,
    })

  test('an honest peer gives the exact info dict of every corpus torrent, v1, v2 and hybrid', async () => {
    const seeder = await startSeeder('honest', infos)
    try {
      for (const [hash, info] of infos) {
        const fetched = await fetchFrom(seeder.port, hash)
        expect(Buffer.from(fetched).equals(Buffer.from(info))).toBe(true)
        expect(infoMatchesHash(fetched, hash)).toBe(true)
      }
    } finally {
      await seeder.stop()
    }
  })

  const cases: [SeederBehaviour, FetchFailure, number][] = [
    ['wrong_metadata', 'hash_mismatch', 3_000],
    ['oversized', 'too_large', 3_000],
    ['stall', 'timeout', 500],
    ['garbage', 'handshake', 3_000],
    ['flood', 'flood', 10_000],
  ]
  for (const [behaviour, reason, timeoutMs] of cases) {
    test(`a ${behaviour} peer fails with ${reason}`, async () => {
      // The wrong_metadata peer answers every hash with the first torrent's info dict.
      const seeder = await startSeeder(behaviour, new Map([[firstHash!, infos.get(firstHash!)!]]))
      try {
        const error = await fetchFrom(seeder.port, secondHash!, timeoutMs).catch((err: unknown) => err)
        expect(error).toBeInstanceOf(FetchError)
        expect((error as FetchError).reason).toBe(reason)
      } finally {
        await seeder.stop()
      }
    })
  }

  test('a closed port fails with connect', async () => {
    const seeder = await startSeeder('honest', infos)
    const { port } = seeder
    await seeder.stop()
    const error = await fetchFrom(port, secondHash!).catch((err: unknown) => err)
    expect((error as FetchError).reason).toBe('connect')
  })

  test('verification takes SHA-1 or the truncated SHA-256 and nothing else', () => {
    const info = secondInfo!
    expect(infoMatchesHash(info, createHash('sha1').update(info).digest('hex'))).toBe(true)
    expect(infoMatchesHash(info, createHash('sha256').update(info).digest('hex').slice(0, 40))).toBe(true)
    expect(infoMatchesHash(info, 'ab'.repeat(20))).toBe(false)
  })
})

describe('the incoming query limit', () => {
  test('a burst of 20 per node, then one a second; each node on its own', () => {
    const limiter = new QueryLimiter()
    let allowed = 0
    for (let i = 0; i < 100; i++) if (limiter.allow('10.0.0.1:6881', 0)) allowed++
    expect(allowed).toBe(20)
    expect(limiter.allow('10.0.0.2:6881', 0)).toBe(true)
    expect(limiter.allow('10.0.0.1:6881', 500)).toBe(false)
    expect(limiter.allow('10.0.0.1:6881', 1_000)).toBe(true)
  })
})
