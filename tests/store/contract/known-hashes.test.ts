/**
 * The crawler thread's known-hashes reader, on every adapter: stored, blocked and evicted hashes
 * are known and no other; stored hashes page by write order; the reader sees later writes.
 */
import { expect, test } from 'bun:test'
import { startEvictionScan } from '../../../src/storage-cap'
import { type CoreStore, openKnownHashesReader } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const NOW = 1_900_000_000
const hash = (n: number) => `${n.toString(16).padStart(8, '0')}${'cd'.repeat(16)}`
const bytes = (infoHash: string) => new Uint8Array(Buffer.from(infoHash, 'hex'))
const hex = (hashes: Uint8Array[]) => hashes.map((one) => Buffer.from(one).toString('hex'))
const torrent = (n: number) => ({
  infoHash: hash(n),
  name: `Some.Show.S01E${String(n).padStart(3, '0')}.720p.HDTV.x264-GRP`,
  publishedAt: 1_000 + n,
})

describeStoreContract('KnownHashesReader', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('an empty index knows no hash and has nothing blocked or evicted', () =>
    withStore(async (store) => {
      const reader = await openKnownHashesReader(store.knownHashesSpec())
      try {
        expect(await reader.hashesAfter(0, 100)).toEqual({ hashes: [], lastId: 0 })
        expect(await reader.blockedHashes()).toEqual([])
        expect(await reader.evictedPrefixes()).toEqual([])
        expect(await reader.whichKnown([bytes(hash(1))])).toEqual([false])
        expect(await reader.whichKnown([])).toEqual([])
      } finally {
        await reader.close()
      }
    }))

  test('stored hashes come in write order, page after page from where the last ended, and later writes follow', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents([torrent(3), torrent(1), torrent(2)], NOW)
      const reader = await openKnownHashesReader(store.knownHashesSpec())
      try {
        const first = await reader.hashesAfter(0, 2)
        expect(hex(first.hashes)).toEqual([hash(3), hash(1)])
        const second = await reader.hashesAfter(first.lastId, 2)
        expect(hex(second.hashes)).toEqual([hash(2)])
        const end = await reader.hashesAfter(second.lastId, 2)
        expect(end).toEqual({ hashes: [], lastId: second.lastId })
        // The reader is the crawler thread's own: a torrent the writer stores later is read on the next page.
        await fixtures.addTorrents([torrent(4)], NOW + 1)
        expect(hex((await reader.hashesAfter(second.lastId, 2)).hashes)).toEqual([hash(4)])
      } finally {
        await reader.close()
      }
    }))

  test('stored, blocked and evicted hashes are known, in the order asked; any other is not', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents([1, 2, 3, 4].map(torrent), NOW)
      // An operator's delete blocks the hash; eviction forgets the torrent but keeps its prefix.
      await fixtures.deleteTorrents([hash(2)], NOW)
      expect(await store.maintenance.evictBatch(startEvictionScan(), 100, (candidate) => candidate.name !== torrent(3).name)).toBe(1)
      const reader = await openKnownHashesReader(store.knownHashesSpec())
      try {
        expect(hex(await reader.blockedHashes())).toEqual([hash(2)])
        expect(await reader.evictedPrefixes()).toEqual([new DataView(bytes(hash(3)).buffer).getBigInt64(0)])
        expect(hex((await reader.hashesAfter(0, 100)).hashes)).toEqual([hash(1), hash(4)])
        // Hash 3's first 8 bytes with others after them: an evicted torrent is known by its prefix alone.
        const sharesPrefix = `${hash(3).slice(0, 16)}${'ef'.repeat(12)}`
        const asked = [hash(99), hash(1), hash(2), hash(3), hash(4), sharesPrefix, hash(5)].map(bytes)
        expect(await reader.whichKnown(asked)).toEqual([false, true, true, true, true, true, false])
      } finally {
        await reader.close()
      }
    }))
})
