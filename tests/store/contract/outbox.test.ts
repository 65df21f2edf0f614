/** The outbound webhook's outbox, on every adapter: where it starts, how batches are cut, and their delivery state. */
import { expect, test } from 'bun:test'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const T0 = 1_767_225_600_000
const hash = (n: number) => n.toString(16).padStart(40, '0')
const movie = (n: number) => ({ infoHash: hash(n), name: `Some.Movie.${1990 + n}.1080p.BluRay.x264-GRP`, publishedAt: 1_700_000_000 + n })

describeStoreContract('OutboxStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)
  let batches = 0
  const cut = (store: CoreStore, size: number, partial: boolean, nowMs = T0) => {
    const batchId = `batch-${++batches}`
    return store.outbox.cutBatch(size, partial, { batchId, nowMs, job: { queue: 'hook', payload: { batchId }, maxRetries: 3 } })
  }

  test('a first start begins after the torrents already stored, and a later start does not move the cursor', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents([movie(1), movie(2)], T0 / 1000)
      await store.outbox.startAtEnd()
      expect(await cut(store, 10, true)).toBe(false)
      await fixtures.addTorrents([movie(3)], T0 / 1000)
      await store.outbox.startAtEnd()
      expect(await cut(store, 10, true)).toBe(true)
    }))

  test('full batches are cut in arrival order; the rest only when partial ones are asked for', () =>
    withStore(async (store) => {
      await store.outbox.startAtEnd()
      await adapter.fixtures(store).addTorrents([1, 2, 3, 4, 5].map(movie), T0 / 1000)
      const cutIds: string[] = []
      const cutNext = async (partial: boolean) => {
        const wasCut = await cut(store, 2, partial)
        if (wasCut) cutIds.push(`batch-${batches}`)
        return wasCut
      }
      expect([await cutNext(false), await cutNext(false), await cutNext(false)]).toEqual([true, true, false])
      expect([await cutNext(true), await cutNext(true)]).toEqual([true, false])
      const cutHashes = []
      for (const batchId of cutIds) {
        const row = (await store.outbox.find(batchId))!
        expect(row).toMatchObject({ status: 'pending', attempts: 0 })
        cutHashes.push((await store.outbox.itemsOf(row)).map((item) => item.infoHash))
      }
      expect(cutHashes).toEqual([[hash(1), hash(2)], [hash(3), hash(4)], [hash(5)]])
    }))

  test('a cut enqueues its delivery job with it, at the time given', () =>
    withStore(async (store) => {
      await store.outbox.startAtEnd()
      await adapter.fixtures(store).addTorrents([movie(1)], T0 / 1000)
      expect(await cut(store, 5, true, T0 + 7)).toBe(true)
      const job = await store.queue.claim('hook', T0 + 7, 1000)
      expect(job).toMatchObject({
        queue: 'hook',
        maxRetries: 3,
        createdAt: T0 + 7,
        payload: JSON.stringify({ batchId: `batch-${batches}` }),
      })
      const [summary] = await store.evidence.listWebhookBatches({ limit: 5 })
      expect(summary).toEqual({
        batchId: `batch-${batches}`,
        status: 'pending',
        items: 1,
        attempts: 0,
        createdAt: new Date(T0 + 7).toISOString(),
        finishedAt: null,
      })
    }))

  test('a cut whose job cannot be stored leaves no batch and no cursor moved: the next cut takes the same torrents', () =>
    withStore(async (store) => {
      await store.outbox.startAtEnd()
      await adapter.fixtures(store).addTorrents([movie(1), movie(2)], T0 / 1000)
      const unstorable = { queue: 'hook', payload: { size: 1n } }
      await expect(store.outbox.cutBatch(5, true, { batchId: 'refused', nowMs: T0, job: unstorable })).rejects.toThrow()
      expect(await store.outbox.find('refused')).toBeNull()
      expect(await store.queue.count({})).toBe(0)
      expect(await cut(store, 5, true)).toBe(true)
      const row = (await store.outbox.find(`batch-${batches}`))!
      expect((await store.outbox.itemsOf(row)).map((item) => item.infoHash)).toEqual([hash(1), hash(2)])
    }))

  test('items carry what the receiver gets: title, content type, categories, confidence, size and publication time', () =>
    withStore(async (store) => {
      await store.outbox.startAtEnd()
      await adapter.fixtures(store).addTorrents([{ ...movie(1), sizeBytes: 123_456_789 }], T0 / 1000)
      await cut(store, 5, true)
      const [item] = await store.outbox.itemsOf((await store.outbox.find(`batch-${batches}`))!)
      expect(item).toEqual({
        infoHash: hash(1),
        title: expect.any(String),
        contentType: 'movie',
        categories: expect.arrayContaining([2000]),
        confidence: expect.any(Number),
        sizeBytes: 123_456_789,
        publishedAt: 1_700_000_001,
      })
      expect(item!.title.length).toBeGreaterThan(0)
    }))

  test('attempts are counted and a finished batch keeps its status and time', () =>
    withStore(async (store) => {
      await store.outbox.startAtEnd()
      await adapter.fixtures(store).addTorrents([movie(1)], T0 / 1000)
      await cut(store, 5, true)
      const batchId = `batch-${batches}`
      await store.outbox.noteAttempt(batchId, 'HTTP 500')
      await store.outbox.noteAttempt(batchId, null)
      await store.outbox.finish(batchId, 'delivered', new Date(T0 + 9000).toISOString())
      expect(await store.outbox.find(batchId)).toMatchObject({ status: 'delivered', attempts: 2 })
      expect(await store.evidence.listWebhookBatches({ status: 'delivered', limit: 5 })).toEqual([
        expect.objectContaining({ batchId, attempts: 2, finishedAt: new Date(T0 + 9000).toISOString() }),
      ])
      expect(await store.evidence.listWebhookBatches({ status: 'pending', limit: 5 })).toEqual([])
      expect(await store.outbox.find('no-such-batch')).toBeNull()
    }))
})
