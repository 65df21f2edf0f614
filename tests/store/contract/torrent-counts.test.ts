/** The torrents' counters and times, on every adapter: kept in step with every write. */
import { expect, test } from 'bun:test'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const NOW = 1_767_225_600
const hash = (n: number) => n.toString(16).padStart(40, '0')

describeStoreContract('TorrentCountsStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)
  const countsOf = async (store: CoreStore) =>
    Object.fromEntries((await store.counts.countsByContentType()).filter((row) => row.count > 0).map((row) => [row.contentType, row.count]))

  test('counts per content type follow writes and deletes', () =>
    withStore(async (store) => {
      expect(await countsOf(store)).toEqual({})
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents(
        [
          { infoHash: hash(1), name: 'The.Matrix.1999.1080p.BluRay.x264-GRP' },
          { infoHash: hash(2), name: 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND' },
          { infoHash: hash(3), name: 'Breaking.Bad.S01E03.720p.BluRay.x264-DEMAND' },
        ],
        NOW,
      )
      expect(await countsOf(store)).toEqual({ movie: 1, tv_show: 2 })
      await store.operatorEdits.deleteAndBlock([hash(2)], NOW)
      expect(await countsOf(store)).toEqual({ movie: 1, tv_show: 1 })
    }))

  test('the last crawl is the newest crawled torrent, imports aside', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      expect(await store.counts.lastCrawledAt()).toBeNull()
      await fixtures.addTorrents([{ infoHash: hash(1), name: 'Imported.2020.1080p', publishedAt: NOW - 10 }], NOW)
      expect(await store.counts.lastCrawledAt()).toBeNull()
      await fixtures.addTorrents([{ infoHash: hash(2), name: 'Crawled.2020.1080p', source: 'dht', publishedAt: NOW - 100 }], NOW)
      await fixtures.addTorrents([{ infoHash: hash(3), name: 'Crawled.Later.2020.1080p', source: 'dht', publishedAt: NOW - 50 }], NOW)
      expect(await store.counts.lastCrawledAt()).toBe(NOW - 50)
    }))

  test('the oldest swarm check leaves never-checked torrents out', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents([{ infoHash: hash(1), name: 'Never.Checked.2020.1080p' }], NOW)
      expect(await store.counts.oldestSwarmCheckAt()).toBeNull()
      await fixtures.updateSwarms([{ infoHash: hash(1), seeders: 4, leechers: 1 }], NOW + 60)
      await fixtures.addTorrents([{ infoHash: hash(2), name: 'Checked.Later.2020.1080p' }], NOW)
      await fixtures.updateSwarms([{ infoHash: hash(2), seeders: 1, leechers: 0 }], NOW + 120)
      expect(await store.counts.oldestSwarmCheckAt()).toBe(NOW + 60)
    }))
})
