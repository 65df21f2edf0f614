/** The metadata fetch (BEP 9) against each kind of peer, and the failure reason each one gives. */
import { describe, expect, test } from 'bun:test'
import { FetchError, type FetchFailure } from '../../../src/dht/protocol/fetch-error'
import { fetchMetadata } from '../../../src/dht/protocol/fetch-metadata'
import { infoMatchesHash } from '../../../src/dht/protocol/verify-info'
import { startSeeder, type SeederBehaviour } from '../../support/dht-swarm'
import { fixtureInfoDicts } from '../../support/fixture-info-dicts'

describe('fetching metadata from one peer', () => {
  const infos = fixtureInfoDicts()
  const [firstHash, secondHash] = [...infos.keys()]
  // Timeouts far above a loaded machine's loopback round trips: only the stalling peer reaches one.
  const fetchFrom = (port: number, infoHash: string, timeoutMs = 15_000) =>
    fetchMetadata({
      infoHash,
      peer: { host: '127.0.0.1', port },
      peerId: Buffer.from('-DI0100-testtesttest'),
      peerPort: 4413,
      clientName: 'test',
      maxBytes: 10 * 1024 * 1024,
      timeoutMs,
      connectTimeoutMs: 10_000,
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
    ['wrong_metadata', 'hash_mismatch', 15_000],
    ['oversized', 'too_large', 15_000],
    ['stall', 'timeout', 500],
    ['garbage', 'handshake', 15_000],
    ['flood', 'flood', 30_000],
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
})
