/** GraphQL's torrent details, on every adapter: a page's details per call, files, sources, tags and source metrics. */
import { expect, test } from 'bun:test'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const hash = (n: number) => n.toString(16).padStart(40, '0')
const T0 = 1_767_225_600

describeStoreContract('TorrentDetailsStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  /** Two torrents with files, the first seen again later from another source; a third without files. */
  const fill = async (store: CoreStore) => {
    const fixtures = adapter.fixtures(store)
    const files = [
      { path: 'Show.S01E01.mkv', sizeBytes: 700 },
      { path: 'Show.S01E01.en.srt', sizeBytes: 20 },
      { path: 'extras/Making.Of.mkv', sizeBytes: 300 },
      { path: 'cover.jpg', sizeBytes: 50 },
    ]
    const [first, second, bare] = await fixtures.addTorrents(
      [
        { infoHash: hash(1), name: 'Show.S01E01.1080p.WEB-DL.x264-GRP', files, source: 'import', publishedAt: T0 },
        { infoHash: hash(2), name: 'Album.2020.FLAC', files: [{ path: 'track.flac', sizeBytes: 100 }], source: 'import', publishedAt: T0 },
        { infoHash: hash(3), name: 'Bare.Release', source: 'dht', publishedAt: T0 + 10 },
      ],
      T0,
    )
    await fixtures.addTorrents(
      [{ infoHash: hash(1), name: 'Show.S01E01.1080p.WEB-DL.x264-GRP', source: 'dht', publishedAt: T0 + 7200 }],
      T0 + 7200,
    )
    await fixtures.tagTorrents([hash(1), hash(2)], ['kept'])
    await fixtures.tagTorrents([hash(1)], ['keeper', 'zebra'])
    return { fixtures, first: first!, second: second!, bare: bare! }
  }

  test('a page of items: when each last changed and its swarm was checked, its sources, tags and file types; missing ones are absent', () =>
    withStore(async (store) => {
      const { first, second, bare } = await fill(store)
      const { torrentDetails } = store
      const updated = await torrentDetails.times([hash(1), hash(3), hash(9)])
      expect([...updated.keys()].sort()).toEqual([hash(1), hash(3)])
      expect(updated.get(hash(1))).toEqual({ updatedAt: T0 + 7200, swarmCheckedAt: 0 })
      expect(updated.get(hash(3))).toEqual({ updatedAt: T0, swarmCheckedAt: 0 })
      expect(await torrentDetails.sources([first, bare, 9999])).toEqual(
        new Map([
          [
            first,
            [
              { key: 'import', name: 'Import' },
              { key: 'dht', name: 'DHT' },
            ],
          ],
          [bare, [{ key: 'dht', name: 'DHT' }]],
        ]),
      )
      const tags = await torrentDetails.tags([first, second, bare])
      expect(tags.get(first)).toEqual(expect.arrayContaining(['keeper', 'kept', 'zebra']))
      expect(tags.get(first)).toEqual([...tags.get(first)!].sort())
      expect(tags.get(second)).toContain('kept')
      expect(tags.get(bare) ?? []).not.toContain('kept')
      expect(await torrentDetails.fileTypes([first, second, bare])).toEqual(
        new Map([
          [first, ['video', 'image', 'subtitle']],
          [second, ['audio']],
        ]),
      )
      expect(await torrentDetails.listedFiles([first, bare])).toEqual(new Map([[first, { count: 4, sizeBytes: 1070 }]]))
      expect(await torrentDetails.times([])).toEqual(new Map())
    }))

  test("a page's explanations: each classified torrent's codes with the facts they read", () =>
    withStore(async (store) => {
      await fill(store)
      const explained = await store.torrentDetails.explanations([hash(1), hash(2), hash(9)])
      expect([...explained.keys()].sort()).toEqual([hash(1), hash(2)])
      const show = explained.get(hash(1))!
      expect(show.codes.length).toBeGreaterThan(0)
      expect(show.row).toMatchObject({ contentType: 'tv_show', status: 'pending', sizeBytes: 1070, filesCount: 4 })
      expect(show.row.parsed).toMatchObject({ title: 'Show', seasons: [1], episodes: [1], resolution: 'v1080p', source: 'webdl' })
      expect(show.row.firedRules).toEqual(expect.any(Array))
    }))

  test('files page in the order asked, ties by torrent and position, with or without their total', () =>
    withStore(async (store) => {
      await fill(store)
      const { torrentDetails } = store
      const bySize = await torrentDetails.files({
        infoHashes: null,
        order: { column: 'size', descending: true },
        limit: 2,
        offset: 0,
        countTotal: true,
      })
      expect(bySize.items.map((file) => [file.infoHash, file.path, file.size])).toEqual([
        [hash(1), 'Show.S01E01.mkv', 700],
        [hash(1), 'extras/Making.Of.mkv', 300],
      ])
      expect(bySize).toMatchObject({ total: 5, hasNextPage: true })
      expect(bySize.items[0]).toEqual({
        infoHash: hash(1),
        fileIndex: 0,
        path: 'Show.S01E01.mkv',
        size: 700,
        extension: 'mkv',
        fileType: 'video',
        publishedAt: T0,
        updatedAt: T0 + 7200,
      })
      const last = await torrentDetails.files({
        infoHashes: null,
        order: { column: 'size', descending: true },
        limit: 2,
        offset: 4,
        countTotal: false,
      })
      expect(last).toMatchObject({ total: 5, hasNextPage: false })
      expect(last.items.map((file) => file.path)).toEqual(['Show.S01E01.en.srt'])
      const ofOne = await torrentDetails.files({
        infoHashes: [hash(2)],
        order: { column: 'fileIndex', descending: false },
        limit: 10,
        offset: 0,
        countTotal: true,
      })
      expect(ofOne.items.map((file) => file.path)).toEqual(['track.flac'])
      expect(ofOne.total).toBe(1)
    }))

  test('sources listed by key; tags suggested by prefix, the most used first, exclusions left out', () =>
    withStore(async (store) => {
      await fill(store)
      const { torrentDetails } = store
      expect(await torrentDetails.listSources()).toEqual([
        { key: 'dht', name: 'DHT' },
        { key: 'import', name: 'Import' },
      ])
      const suggested = await torrentDetails.suggestTags('ke', [], 10)
      expect(suggested.slice(0, 2)).toEqual([
        { name: 'kept', count: 2 },
        { name: 'keeper', count: 1 },
      ])
      expect((await torrentDetails.suggestTags('ke', ['kept'], 10)).map((tag) => tag.name)).not.toContain('kept')
      expect(await torrentDetails.suggestTags('ke', [], 1)).toHaveLength(1)
      expect(await torrentDetails.suggestTags('nothing-like-this', [], 10)).toEqual([])
    }))

  test('source metrics count first sightings and updates per bucket, within the window and sources asked', () =>
    withStore(async (store) => {
      await fill(store)
      const hour = 3600
      const bucket = (seconds: number) => Math.floor(seconds / hour) * hour
      const rows = await store.torrentDetails.sourceMetrics(hour, null, null, null)
      expect(rows).toEqual([
        { source: 'dht', bucket: bucket(T0), updated: false, count: 1 },
        { source: 'import', bucket: bucket(T0), updated: false, count: 2 },
        { source: 'dht', bucket: bucket(T0 + 7200), updated: false, count: 1 },
      ])
      expect(await store.torrentDetails.sourceMetrics(hour, ['import'], null, null)).toEqual([
        { source: 'import', bucket: bucket(T0), updated: false, count: 2 },
      ])
      expect(await store.torrentDetails.sourceMetrics(hour, null, T0 + hour, null)).toEqual([
        { source: 'dht', bucket: bucket(T0 + 7200), updated: false, count: 1 },
      ])
    }))
})
