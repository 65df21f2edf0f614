/**
 * The export's reads on every adapter (ExportStore): pages by position in write order, chunks with
 * each torrent's files, first source and operator tags, and the extent.
 */
import { expect, test } from 'bun:test'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const NOW = 1_767_225_600
const hash = (n: number) => n.toString(16).padStart(40, '0')

describeStoreContract('ExportStore', (adapter) => {
  test('pages go by position in write order; a chunk carries files, the first source and operator tags', () =>
    withFreshStore(adapter, async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents(
        [
          { infoHash: hash(3), name: 'Third.Written.First', source: 'dht', publishedAt: NOW - 50 },
          {
            infoHash: hash(1),
            name: 'Second.Written',
            files: [
              { path: 'a/b.mkv', sizeBytes: 7 },
              { path: 'a/c.nfo', sizeBytes: 1 },
            ],
          },
        ],
        NOW,
      )
      await fixtures.addTorrents([{ infoHash: hash(2), name: 'Written.Last', source: 'import', publishedAt: NOW - 100 }], NOW + 1)
      await fixtures.addTorrents([{ infoHash: hash(3), name: 'Third.Written.First', source: 'import', publishedAt: NOW - 10 }], NOW + 2)
      await fixtures.tagTorrents([hash(1)], ['keep', 'alpha'])
      expect(await store.exports.extent()).toMatchObject({ torrents: 3 })
      const first = await store.exports.pageBounds(0, 2)
      expect(first.hasMore).toBe(true)
      const chunk = await store.exports.readChunk(0, first.lastPosition!)
      expect(chunk.map((torrent) => torrent.infoHash)).toEqual([hash(3), hash(1)])
      expect(chunk[0]).toMatchObject({ name: 'Third.Written.First', source: 'dht', files: [], tags: [], isPrivate: false })
      expect(chunk[1]).toMatchObject({
        files: [
          { index: 0, path: 'a/b.mkv', sizeBytes: 7 },
          { index: 1, path: 'a/c.nfo', sizeBytes: 1 },
        ],
        filesCount: 2,
        tags: ['alpha', 'keep'],
      })
      const second = await store.exports.pageBounds(first.lastPosition!, 2)
      expect(second.hasMore).toBe(false)
      expect((await store.exports.readChunk(first.lastPosition!, second.lastPosition!)).map((torrent) => torrent.infoHash)).toEqual([
        hash(2),
      ])
      expect(await store.exports.pageBounds(second.lastPosition!, 2)).toEqual({ lastPosition: null, hasMore: false })
      expect((await store.exports.extent()).lastPosition).toBe(second.lastPosition!)
    }))
})
