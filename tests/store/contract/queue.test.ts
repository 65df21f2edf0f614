/** The queue's store, on every adapter: claims, leases, retries, listings and purges, with times passed in. */
import { expect, test } from 'bun:test'
import type { CoreStore } from '../../../src/store'
import { openStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

const T0 = 1_700_000_000_000

describeStoreContract('QueueStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('an enqueued job comes back as stored: pending, its payload as JSON text, due now unless told', () =>
    withStore(async ({ queue }) => {
      const job = await queue.enqueue({ queue: 'q', payload: { n: 1, text: 'é' } }, T0)
      expect(job).toEqual({
        id: job.id,
        queue: 'q',
        payload: '{"n":1,"text":"é"}',
        status: 'pending',
        priority: 0,
        retries: 0,
        maxRetries: 2,
        runAfter: T0,
        ranAt: null,
        error: null,
        createdAt: T0,
      })
      const later = await queue.enqueue({ queue: 'q', payload: {}, priority: 3, maxRetries: 0, runAfter: T0 + 5 }, T0)
      expect(later).toMatchObject({ priority: 3, maxRetries: 0, runAfter: T0 + 5 })
    }))

  test('claims go by priority, then run-after, then id, and only to the queue named', () =>
    withStore(async ({ queue }) => {
      const low = await queue.enqueue({ queue: 'q', payload: {} }, T0)
      const lateHigh = await queue.enqueue({ queue: 'q', payload: {}, priority: 5, runAfter: T0 + 2 }, T0)
      const earlyHigh = await queue.enqueue({ queue: 'q', payload: {}, priority: 5, runAfter: T0 + 1 }, T0)
      const secondLow = await queue.enqueue({ queue: 'q', payload: {} }, T0)
      await queue.enqueue({ queue: 'other', payload: {}, priority: 9 }, T0)
      const order: number[] = []
      for (let job = await queue.claim('q', T0 + 10, 1000); job; job = await queue.claim('q', T0 + 10, 1000)) order.push(job.id)
      expect(order).toEqual([earlyHigh.id, lateHigh.id, low.id, secondLow.id])
    }))

  test('a job is not claimed before it is due, and a claim records when it ran', () =>
    withStore(async ({ queue }) => {
      const job = await queue.enqueue({ queue: 'q', payload: {}, runAfter: T0 + 1000 }, T0)
      expect(await queue.claim('q', T0 + 999, 500)).toBeNull()
      expect(await queue.claim('q', T0 + 1000, 500)).toMatchObject({ id: job.id, ranAt: T0 + 1000 })
    }))

  test('overlapping claims, from one store or two on the same index, never get the same job', async () => {
    const config = await adapter.freshConfig()
    const first = await openStore(config, { log: quietLog })
    const second = await openStore(config, { log: quietLog })
    try {
      for (let i = 0; i < 10; i++) await first.queue.enqueue({ queue: 'q', payload: { i } }, T0)
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).queue.claim('q', T0 + 1, 60_000)),
      )
      const ids = claims.filter((job) => job !== null).map((job) => job.id)
      expect(ids).toHaveLength(10)
      expect(new Set(ids).size).toBe(10)
    } finally {
      await second.close()
      await first.close()
    }
  })

  test('a lease keeps a job from every other claim until it runs out', () =>
    withStore(async ({ queue }) => {
      const job = await queue.enqueue({ queue: 'q', payload: {} }, T0)
      expect((await queue.claim('q', T0, 500))!.id).toBe(job.id)
      expect(await queue.claim('q', T0 + 500, 500)).toBeNull()
      expect((await queue.claim('q', T0 + 501, 500))!.id).toBe(job.id)
    }))

  test('released leases (a previous run) make their jobs claimable at once, and are counted', () =>
    withStore(async ({ queue }) => {
      await queue.enqueue({ queue: 'q', payload: {} }, T0)
      await queue.enqueue({ queue: 'q', payload: {} }, T0)
      await queue.claim('q', T0, 60 * 60_000)
      expect(await queue.releaseLeases()).toBe(1)
      expect(await queue.releaseLeases()).toBe(0)
      expect(await queue.claim('q', T0 + 1, 1000)).not.toBeNull()
    }))

  test('a failure is retried at its run-after until the retries are spent, then failed with its error', () =>
    withStore(async ({ queue }) => {
      const job = await queue.enqueue({ queue: 'q', payload: {}, maxRetries: 1 }, T0)
      const first = (await queue.claim('q', T0, 1000))!
      await queue.fail(first, 'boom 1', T0 + 10_000)
      expect(await queue.claim('q', T0 + 9_999, 1000)).toBeNull()
      const second = (await queue.claim('q', T0 + 10_000, 1000))!
      expect(second).toMatchObject({ id: job.id, status: 'retry', retries: 1, error: 'boom 1' })
      await queue.fail(second, 'boom 2', T0 + 20_000)
      expect(await queue.claim('q', T0 + 50_000, 1000)).toBeNull()
      const [failed] = await queue.list({ statuses: ['failed'] }, 10, 0, { field: 'created_at', descending: false })
      expect(failed).toMatchObject({ id: job.id, status: 'failed', retries: 2, error: 'boom 2' })
    }))

  test('a completed job is never claimed again and keeps a short payload but not a bulky one', () =>
    withStore(async ({ queue }) => {
      const small = await queue.enqueue({ queue: 'q', payload: { body: 'x'.repeat(1000) } }, T0)
      const big = await queue.enqueue({ queue: 'q', payload: { body: 'x'.repeat(64 * 1024) } }, T0)
      await queue.complete((await queue.claim('q', T0, 1000))!.id)
      await queue.complete((await queue.claim('q', T0, 1000))!.id)
      expect(await queue.claim('q', T0 + 10_000, 1000)).toBeNull()
      const done = await queue.list({ statuses: ['processed'] }, 10, 0, { field: 'created_at', descending: false })
      expect(done.map((job) => [job.id, job.payload])).toEqual([
        [small.id, JSON.stringify({ body: 'x'.repeat(1000) })],
        [big.id, '{}'],
      ])
    }))

  test('listings, counts and purges filter by queue and status; ties in the order go by id', () =>
    withStore(async ({ queue }) => {
      const a1 = await queue.enqueue({ queue: 'a', payload: {} }, T0)
      const a2 = await queue.enqueue({ queue: 'a', payload: {} }, T0)
      const b1 = await queue.enqueue({ queue: 'b', payload: {}, priority: 1 }, T0 + 1)
      await queue.complete((await queue.claim('b', T0 + 1, 1000))!.id)
      const ids = async (order: { field: 'created_at' | 'ran_at' | 'priority'; descending: boolean }, offset = 0) =>
        (await queue.list({}, 2, offset, order)).map((job) => job.id)
      expect(await ids({ field: 'created_at', descending: false })).toEqual([a1.id, a2.id])
      expect(await ids({ field: 'created_at', descending: false }, 2)).toEqual([b1.id])
      expect(await ids({ field: 'created_at', descending: true })).toEqual([b1.id, a2.id])
      expect(await ids({ field: 'priority', descending: true })).toEqual([b1.id, a2.id])
      expect(await queue.count({})).toBe(3)
      expect(await queue.count({ queues: ['a'], statuses: ['pending'] })).toBe(2)
      expect(await queue.countsBy('status', {})).toEqual([
        { value: 'pending', count: 2 },
        { value: 'processed', count: 1 },
      ])
      expect(await queue.countsBy('queue', { statuses: ['pending'] })).toEqual([{ value: 'a', count: 2 }])
      expect(
        (await queue.countsByQueueAndStatus()).sort((x, y) => x.queue.localeCompare(y.queue) || x.status.localeCompare(y.status)),
      ).toEqual([
        { queue: 'a', status: 'pending', count: 2 },
        { queue: 'b', status: 'processed', count: 1 },
      ])
      expect(await queue.purge({ queues: ['a'], statuses: ['processed'] })).toBe(0)
      expect(await queue.purge({ queues: ['a'] })).toBe(2)
      expect(await queue.count({})).toBe(1)
    }))

  test('metrics bucket jobs by creation and run time, with the mean wait of those run', () =>
    withStore(async ({ queue }) => {
      await queue.enqueue({ queue: 'a', payload: {} }, T0)
      await queue.enqueue({ queue: 'a', payload: {} }, T0 + 61_000)
      await queue.complete((await queue.claim('a', T0 + 4_000, 1000))!.id)
      const buckets = await queue.metrics({}, 60_000)
      const bucketOf = (ms: number) => Math.floor(ms / 60_000) * 60_000
      expect(buckets).toEqual([
        { queue: 'a', status: 'processed', createdAtBucket: bucketOf(T0), ranAtBucket: bucketOf(T0 + 4_000), count: 1, latencyMs: 4_000 },
        { queue: 'a', status: 'pending', createdAtBucket: bucketOf(T0 + 61_000), ranAtBucket: null, count: 1, latencyMs: null },
      ])
      expect(await queue.metrics({ startMs: T0 + 60_000 }, 60_000)).toHaveLength(1)
      expect(await queue.metrics({ endMs: T0 + 60_000, statuses: ['pending'] }, 60_000)).toEqual([])
    }))

  test('a closed store rejects with a store error', async () => {
    const store = await openStore(await adapter.freshConfig(), { log: quietLog })
    await store.close()
    await expect(store.queue.count({})).rejects.toMatchObject({ code: 'store_failed' })
  })
})
