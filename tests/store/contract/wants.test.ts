/** The wants' store, on every adapter: the set replaced whole, matches recorded once and read in order. */
import { expect, test } from 'bun:test'
import { type CoreStore, openStore } from '../../../src/store'
import type { WantRegistration } from '../../../src/vocabulary'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

const DUNE: WantRegistration = { id: 'w-dune', query: 'dune part two', contentType: 'movie' }
const SHOW: WantRegistration = { id: 'w-show', query: 'Shōgun', contentType: 'tv_show' }
const hash = (n: number) => n.toString(16).padStart(40, '0')

describeStoreContract('WantsStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('the registered set is replaced whole, and an empty set clears it', () =>
    withStore(async ({ wants }) => {
      expect(await wants.listWants()).toEqual([])
      await wants.replaceWants([DUNE, SHOW])
      expect((await wants.listWants()).sort((a, b) => a.id.localeCompare(b.id))).toEqual([DUNE, SHOW])
      await wants.replaceWants([SHOW])
      expect(await wants.listWants()).toEqual([SHOW])
      await wants.replaceWants([])
      expect(await wants.listWants()).toEqual([])
    }))

  test('a set that cannot be stored whole is not stored at all: the previous set stays', () =>
    withStore(async ({ wants }) => {
      await wants.replaceWants([DUNE])
      await expect(wants.replaceWants([SHOW, { ...SHOW, query: 'again' }])).rejects.toMatchObject({ code: 'store_failed' })
      expect(await wants.listWants()).toEqual([DUNE])
    }))

  test('replacements from two stores on one index at once all succeed, and the set left is one of them whole', async () => {
    const config = await adapter.freshConfig()
    const [first, second] = [await openStore(config, { log: quietLog }), await openStore(config, { log: quietLog })]
    try {
      const sets = [[DUNE, SHOW], [SHOW], [{ ...DUNE, query: 'dune' }, SHOW]]
      await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).wants.replaceWants(sets[i % sets.length]!)))
      const left = (await first.wants.listWants()).sort((a, b) => a.id.localeCompare(b.id))
      expect(sets).toContainEqual(left)
    } finally {
      await second.close()
      await first.close()
    }
  })

  test('matches are recorded once per want and torrent, read after an id in order, and go with their torrent', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      const ids = await fixtures.addTorrents(
        [
          { infoHash: hash(1), name: 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP' },
          { infoHash: hash(2), name: 'Dune.Part.Two.2024.2160p.WEB-DL.x265-GRP' },
        ],
        1_767_225_600,
      )
      await store.wants.replaceWants([DUNE, SHOW])
      await store.wants.addMatches([{ wantId: DUNE.id, torrentId: ids[0]! }], '2026-01-01T00:00:00.000Z')
      await store.wants.addMatches(
        [
          { wantId: DUNE.id, torrentId: ids[0]! },
          { wantId: DUNE.id, torrentId: ids[1]! },
        ],
        '2026-01-01T00:01:00.000Z',
      )
      const all = await store.wants.matchesAfter(0, 10)
      expect(all.map(({ wantId, infoHash, title, matchedAt }) => ({ wantId, infoHash, title, matchedAt }))).toEqual([
        { wantId: DUNE.id, infoHash: hash(1), title: 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP', matchedAt: '2026-01-01T00:00:00.000Z' },
        { wantId: DUNE.id, infoHash: hash(2), title: 'Dune.Part.Two.2024.2160p.WEB-DL.x265-GRP', matchedAt: '2026-01-01T00:01:00.000Z' },
      ])
      expect(all[1]!.id).toBeGreaterThan(all[0]!.id)
      expect((await store.wants.matchesAfter(all[0]!.id, 10)).map((match) => match.infoHash)).toEqual([hash(2)])
      expect(await store.wants.matchesAfter(0, 1)).toHaveLength(1)
      await fixtures.deleteTorrents([hash(1)], 1_767_225_700)
      expect((await store.wants.matchesAfter(0, 10)).map((match) => match.infoHash)).toEqual([hash(2)])
    }))
})
