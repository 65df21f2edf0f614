/**
 * The crawl's triage over a real index: a hash the Bloom filter never saw is queued at once; a
 * "maybe" is confirmed with the store in one batch and queued only when the index does not hold
 * it, the queue's room judged at confirmation.
 */
import { afterEach, expect, test } from 'bun:test'
import { loadKnownHashes, type KnownHashes } from '../../../src/dht/crawl/known-hashes'
import { createTriage } from '../../../src/dht/crawl/triage'
import type { DiscoverySource } from '../../../src/dht/crawl/crawl-stats'
import { openKnownHashesReader } from '../../../src/store'
import { sqliteFixtures } from '../../support/store-fixtures'
import { openTestIndex, quietLog } from '../../support/test-index'

const hash = (n: number) => `${n.toString(16).padStart(8, '0')}${'12'.repeat(16)}`
let known: KnownHashes | undefined
afterEach(() => known?.close())

/** An index holding torrents `stored`, and its known hashes with a filter of `filterBytes`. */
async function knownOf(stored: number[], filterBytes: number) {
  const index = openTestIndex()
  await sqliteFixtures(index.store).addTorrents(
    stored.map((n) => ({ infoHash: hash(n), name: `Some.Movie.${n}.2020.1080p.WEB-DL` })),
    1_900_000_000,
  )
  known = await loadKnownHashes(await openKnownHashesReader(index.store.knownHashesSpec()), filterBytes)
  await known.catchUp()
  return known
}

function triageOver(hashes: KnownHashes, queueLimit: number) {
  const discovered: DiscoverySource[] = []
  let confirmations = 0
  let answer: Promise<boolean[]> = Promise.resolve([])
  const triage = createTriage({
    known: {
      mightHave: hashes.mightHave,
      whichKnown: (asked) => {
        confirmations++
        answer = hashes.whichKnown(asked)
        return answer
      },
    },
    queueLimit,
    isBusy: () => false,
    triedLately: () => false,
    discovered: (source) => discovered.push(source),
    log: quietLog,
  })
  // Awaited after the triage's own continuation is registered, so it has run when this resolves.
  return { triage, discovered, confirmations: () => confirmations, answered: () => answer }
}

test('a hash the filter never saw is queued at once; a stored one is checked, then passed over', async () => {
  const hashes = await knownOf([1, 2, 3], 1 << 20)
  const { triage, discovered, confirmations, answered } = triageOver(hashes, 10)
  expect(triage.consider(hash(50), 'get_peers', {})).toBe('queued')
  expect(triage.consider(hash(2), 'sample_infohashes', {})).toBe('checking')
  // Asked again while it waits: still being checked, and not asked of the store twice.
  expect(triage.consider(hash(2), 'get_peers', {})).toBe('checking')
  expect(confirmations()).toBe(0)
  triage.confirm()
  expect(await answered()).toEqual([true])
  expect(confirmations()).toBe(1)
  expect([...triage.queued.keys()]).toEqual([hash(50)])
  expect(discovered).toEqual(['get_peers'])
})

test('Bloom false positives are confirmed in one batch and queued; the queue limit applies when they are', async () => {
  // One byte of filter: after a few hashes every bit is set, so every hash is a maybe.
  const hashes = await knownOf([1, 2, 3, 4, 5, 6, 7, 8], 1)
  const { triage, discovered, confirmations, answered } = triageOver(hashes, 3)
  expect(hashes.mightHave(Buffer.from(hash(60), 'hex'))).toBe(true)
  const asked = [hash(3), hash(60), hash(61), hash(5), hash(62), hash(63)]
  expect(asked.map((one) => triage.consider(one, 'announce_peer', {}))).toEqual(Array(6).fill('checking'))
  triage.confirm()
  // A second call while the store answers the first asks nothing more.
  triage.confirm()
  expect(await answered()).toEqual([true, false, false, true, false, false])
  expect(confirmations()).toBe(1)
  expect([...triage.queued.keys()]).toEqual([hash(60), hash(61), hash(62)])
  expect(discovered).toEqual(['announce_peer', 'announce_peer', 'announce_peer'])
})

test('64 maybes waiting are confirmed without waiting for the tick', async () => {
  const hashes = await knownOf([1, 2], 1)
  const { triage, confirmations, answered } = triageOver(hashes, 1_000)
  for (let n = 100; n < 163; n++) triage.consider(hash(n), 'sample_infohashes', {})
  expect(confirmations()).toBe(0)
  triage.consider(hash(163), 'sample_infohashes', {})
  expect(confirmations()).toBe(1)
  await answered()
  expect(triage.queued.size).toBe(64)
})
