/** The storage cap's store, on every adapter: what the index weighs, the space it gives back, and eviction's order and protections. */
import { expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import type { EvidenceReport } from '../../../src/evidence'
import { startEvictionScan } from '../../../src/storage-cap'
import { type CoreStore, openStore, prepareForStorageCap } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'
import type { FixtureTorrent } from '../../support/store-fixtures'
import { quietLog } from '../../support/test-index'

const NOW = 1_900_000_000
const hash = (n: number) => `${n.toString(16).padStart(8, '0')}${'ab'.repeat(16)}`
const numberOf = (infoHash: string) => Number.parseInt(infoHash.slice(0, 8), 16)

/** Torrent n, published at n (older first), a seeder on every third, with a few files. */
const torrent = (n: number, overrides: Partial<FixtureTorrent> = {}): FixtureTorrent => ({
  infoHash: hash(n),
  name: `Some.Show.S01E${String(n).padStart(3, '0')}.720p.HDTV.x264-GRP`,
  publishedAt: 1_000 + n,
  seeders: n % 3 === 0 ? 5 : undefined,
  files: Array.from({ length: 4 }, (_, i) => ({ path: `Some.Show.S01E${n}/part-${i}-${'x'.repeat(80)}.mkv`, sizeBytes: 250_000 })),
  ...overrides,
})

const report = (infoHash: string, overrides: Partial<EvidenceReport> = {}): EvidenceReport => ({
  instance: 'sonarr',
  client: 'sonarr',
  event: 'Download',
  type: 'download',
  result: 'failed',
  infoHash,
  occurredAt: '2026-01-01T00:00:00.000Z',
  receivedAt: '2026-01-01T00:00:00.000Z',
  label: null,
  payload: '{}',
  ...overrides,
})

describeStoreContract('MaintenanceStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  /** Evicts everything a cap may, one batch after another. */
  const evictAll = async (store: CoreStore) => {
    const scan = startEvictionScan()
    for (let evicted = -1; evicted !== 0; ) evicted = await store.maintenance.evictBatch(scan, 7, () => false)
  }

  test('what the index weighs grows with its torrents, and the data that is not torrents is counted apart', () =>
    withStore(async (store) => {
      const empty = await store.maintenance.measure()
      expect(empty.dataBytes).toBeGreaterThan(0)
      expect(empty.allocatedBytes).toBeGreaterThanOrEqual(empty.dataBytes)
      expect(empty.fileBytes === null || empty.fileBytes > 0).toBe(true)
      const otherBefore = await store.maintenance.otherDataBytes()
      await adapter.fixtures(store).addTorrents(
        Array.from({ length: 300 }, (_, i) => torrent(i + 1)),
        NOW,
      )
      const filled = await store.maintenance.measure()
      expect(filled.dataBytes).toBeGreaterThan(empty.dataBytes + 300 * 4 * 80)
      expect(await store.maintenance.otherDataBytes()).toBe(otherBefore)
      for (let i = 0; i < 50; i++)
        await store.evidence.record(
          // Random text: an engine that compresses what it stores (PostgreSQL's TOAST) cannot shrink it.
          report(hash(10_000 + i), { payload: randomBytes(3000).toString('base64') }),
          { grabs: 0, scoreDelta: 0, label: null },
          {
            duplicateWindowMs: 60_000,
            labelledAt: NOW,
          },
        )
      expect(await store.maintenance.otherDataBytes()).toBeGreaterThan(otherBefore + 50 * 4000)
    }))

  test('eviction goes oldest first, seederless first within a window, and never takes a protected or kept torrent', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents(
        Array.from({ length: 30 }, (_, i) => torrent(i + 1, i === 5 ? { name: 'Dune Part Two 2024 1080p WEB-DL x264-GRP' } : {})),
        NOW,
      )
      const effect = { grabs: 0, scoreDelta: -1, label: null }
      const options = { duplicateWindowMs: 60_000, labelledAt: NOW }
      await store.evidence.record(report(hash(1)), effect, options)
      const label = {
        contentType: 'tv_show' as const,
        title: 'Some Show',
        year: null,
        seasons: [1],
        episodes: [2],
        imdb: null,
        tmdb: null,
        tvdb: null,
        tvmaze: null,
      }
      await store.evidence.record(
        report(hash(2), { result: 'success', instance: 'sonarr-2', label }),
        { grabs: 0, scoreDelta: 1, label },
        options,
      )
      await store.evidence.record(
        report(hash(3), { type: 'grab', event: 'Grab', result: 'success' }),
        { grabs: 1, scoreDelta: 0.1, label: null },
        options,
      )
      await fixtures.tagTorrents([hash(4)], ['keep-me'])
      const before = await store.maintenance.measure()
      const scan = startEvictionScan()
      expect(await store.maintenance.evictBatch(scan, 5, (candidate) => candidate.name.startsWith('Dune Part Two'))).toBe(5)
      const first = await store.torrentDetails.times(Array.from({ length: 30 }, (_, i) => hash(i + 1)))
      const goneFirst = Array.from({ length: 30 }, (_, i) => i + 1).filter((n) => !first.has(hash(n)))
      // 1-4 are protected, 6 is kept, and 9 has seeders: the five oldest seederless others.
      expect(goneFirst).toEqual([5, 7, 8, 10, 11])
      let evicted = 5
      for (let batch = -1; batch !== 0; ) evicted += batch = await store.maintenance.evictBatch(scan, 7, (c) => c.name.startsWith('Dune'))
      expect(scan.isExhausted).toBe(true)
      expect(evicted).toBe(25)
      const left = await store.torrentDetails.times(Array.from({ length: 30 }, (_, i) => hash(i + 1)))
      expect([...left.keys()].map(numberOf).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6])
      expect((await store.maintenance.measure()).dataBytes).toBeLessThan(before.dataBytes)
      const again = startEvictionScan()
      expect(await store.maintenance.evictBatch(again, 7, () => false)).toBe(1)
      expect(await store.maintenance.evictBatch(again, 7, () => false)).toBe(0)
      expect(again.isExhausted).toBe(true)
    }))

  test('an index ready for a storage cap gives freed pages back; the log can be held, copied back and truncated', async () => {
    const config = await adapter.freshConfig()
    await prepareForStorageCap(config, { log: quietLog })
    const store = await openStore(config, { log: quietLog })
    try {
      await store.maintenance.limitLog(256 * 1024)
      await adapter.fixtures(store).addTorrents(
        Array.from({ length: 300 }, (_, i) => torrent(i + 1)),
        NOW,
      )
      await evictAll(store)
      await store.maintenance.checkpoint()
      const evicted = await store.maintenance.measure()
      if (!evicted.canRelease) {
        expect(await store.maintenance.releaseFreePages(1_000)).toBe(0)
        return
      }
      expect(evicted.freePages).toBeGreaterThan(0)
      const released = await store.maintenance.releaseFreePages(evicted.freePages)
      expect(released).toBeGreaterThan(0)
      await store.maintenance.truncateLog()
      const after = await store.maintenance.measure()
      expect(after.freePages).toBe(evicted.freePages - released)
      expect(after.allocatedBytes).toBeLessThan(evicted.allocatedBytes)
      expect(after.walBytes).toBe(0)
    } finally {
      await store.close()
    }
  })
})
