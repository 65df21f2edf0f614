/**
 * The crawler thread's reader of torrents due for a swarm re-check, on every adapter: oldest
 * check first (never-checked ones lead, by id), from a cursor, only those checked before the bound.
 */
import { expect, test } from 'bun:test'
import type { RecheckCursor } from '../../../src/dht'
import { type CoreStore, openDueSwarmsReader } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const T0 = 1_900_000_000
const hash = (n: number) => `${n.toString(16).padStart(8, '0')}${'ef'.repeat(16)}`
const torrent = (n: number, swarmChecked: boolean) => ({ infoHash: hash(n), name: `Some.Movie.${n}.2020.1080p.WEB-DL`, swarmChecked })

describeStoreContract('DueSwarmsReader', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('due torrents come oldest check first, never-checked ones leading by id; a recent check is not due', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents([torrent(1, false), torrent(2, true)], T0)
      await fixtures.addTorrents([torrent(3, true)], T0 - 100)
      await fixtures.addTorrents([torrent(4, false), torrent(5, true)], T0 + 100)
      const reader = await openDueSwarmsReader(store.dueSwarmsSpec())
      try {
        const due = await reader.dueSwarms(T0 + 50, { checkedAt: 0, id: 0 }, 10)
        expect(due.map((one) => [one.infoHash, one.checkedAt])).toEqual([
          [hash(1), 0],
          [hash(4), 0],
          [hash(3), T0 - 100],
          [hash(2), T0],
        ])
        expect(due[0]!.id).toBeLessThan(due[1]!.id)
        expect(await reader.dueSwarms(T0 - 100, { checkedAt: 0, id: 0 }, 10)).toHaveLength(2)
      } finally {
        await reader.close()
      }
    }))

  test('a walk from the cursor, a batch at a time, hands out every due torrent once, through many of one check time', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents(
        Array.from({ length: 30 }, (_, i) => torrent(i + 1, false)),
        T0,
      )
      await fixtures.addTorrents(
        Array.from({ length: 12 }, (_, i) => torrent(100 + i, true)),
        T0 - 10,
      )
      const reader = await openDueSwarmsReader(store.dueSwarmsSpec())
      try {
        const seen: string[] = []
        let cursor: RecheckCursor = { checkedAt: 0, id: 0 }
        for (;;) {
          const batch = await reader.dueSwarms(T0, cursor, 7)
          expect(batch.length).toBeLessThanOrEqual(7)
          if (batch.length === 0) break
          seen.push(...batch.map((one) => one.infoHash))
          cursor = { checkedAt: batch.at(-1)!.checkedAt, id: batch.at(-1)!.id }
        }
        expect(seen).toEqual([...Array.from({ length: 30 }, (_, i) => hash(i + 1)), ...Array.from({ length: 12 }, (_, i) => hash(100 + i))])
      } finally {
        await reader.close()
      }
    }))
})
