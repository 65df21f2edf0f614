/** The operator's edits on every adapter: deletes that block, operator tags, the block list. */
import { expect, test } from 'bun:test'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const NOW = 1_767_225_600
const hash = (n: number) => n.toString(16).padStart(40, '0')

describeStoreContract('OperatorEditsStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('a delete removes the stored torrents, blocks every hash named, and keeps the names it knew', () =>
    withStore(async (store) => {
      await adapter.fixtures(store).addTorrents(
        [
          { infoHash: hash(1), name: 'Gone.Movie.2020.1080p.BluRay.x264-GRP' },
          { infoHash: hash(2), name: 'Kept.Movie.2020.1080p.BluRay.x264-GRP' },
        ],
        NOW,
      )
      expect(await store.operatorEdits.deleteAndBlock([hash(1), hash(9)], NOW + 5)).toBe(1)
      expect(await adapter.fixtures(store).torrentEvidence(hash(1))).toBeNull()
      expect(await adapter.fixtures(store).torrentEvidence(hash(2))).not.toBeNull()
      const blocked = await store.operatorEdits.listBlocked(10, 0)
      expect(blocked.total).toBe(2)
      expect(blocked.items.map(({ infoHash, name, reason, ruleId, blockedAt }) => ({ infoHash, name, reason, ruleId, blockedAt }))).toEqual(
        [
          { infoHash: hash(1), name: 'Gone.Movie.2020.1080p.BluRay.x264-GRP', reason: 'operator_delete', ruleId: null, blockedAt: NOW + 5 },
          { infoHash: hash(9), name: null, reason: 'operator_delete', ruleId: null, blockedAt: NOW + 5 },
        ],
      )
      expect((await store.operatorEdits.listBlocked(1, 1)).items.map((item) => item.infoHash)).toEqual([hash(9)])
      expect(await store.operatorEdits.unblock([hash(9), hash(5)])).toBe(1)
      expect((await store.operatorEdits.listBlocked(10, 0)).items.map((item) => item.infoHash)).toEqual([hash(1)])
      expect(await store.operatorEdits.unblock([])).toBe(0)
    }))

  test('tags are added, replaced and removed; unknown hashes are skipped', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents(
        [
          { infoHash: hash(1), name: 'One.Movie.2020.1080p.BluRay.x264-GRP' },
          { infoHash: hash(2), name: 'Two.Movie.2020.1080p.BluRay.x264-GRP' },
        ],
        NOW,
      )
      await store.operatorEdits.putTags([hash(1), hash(2), hash(9)], ['keep', 'kids'], false)
      expect(await fixtures.operatorTags(hash(1))).toEqual(['keep', 'kids'])
      await store.operatorEdits.putTags([hash(1)], ['mine'], true)
      expect(await fixtures.operatorTags(hash(1))).toEqual(['mine'])
      expect(await fixtures.operatorTags(hash(2))).toEqual(['keep', 'kids'])
      await store.operatorEdits.deleteTags(null, ['kids'])
      expect(await fixtures.operatorTags(hash(2))).toEqual(['keep'])
      await store.operatorEdits.deleteTags([hash(2)], null)
      expect(await fixtures.operatorTags(hash(2))).toEqual([])
      expect(await fixtures.operatorTags(hash(1))).toEqual(['mine'])
    }))
})
