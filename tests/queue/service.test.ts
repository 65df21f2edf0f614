import { expect, test } from 'bun:test'
import { loadClassifier } from '../../src/classify'
import { createReclassifier, createReprocessHandlers, REPROCESS_BATCH_QUEUE, REPROCESS_QUEUE } from '../../src/torrents'
import { createQueueService, type QueueService, type QueueStore } from '../../src/queue'
import { openEngineIndex } from '../support/engine-index'
import { describeOnEngines, type EngineUnderTest } from '../support/engines'
import { hashOf, openSearchIndex, type SearchIndex } from '../support/search-index'
import { defaultTorrentWrites, quietLog } from '../support/test-index'

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(5)
  }
}

async function openQueue(engine: EngineUnderTest, nowMs?: () => number) {
  const { store } = await openEngineIndex(engine)
  const repository = store.queue
  return { repository, queue: createQueueService({ store: repository, log: quietLog, nowMs }) }
}

const statusOf = async (queue: Awaited<ReturnType<typeof openQueue>>, id: number) =>
  (await queue.repository.list({}, 100, 0, { field: 'created_at', descending: false })).find((job) => job.id === id)!

describeOnEngines('the durable queue', (engine) => {
  test('a worker runs an enqueued job at once and marks it processed', async () => {
    const q = await openQueue(engine)
    const seen: unknown[] = []
    const worker = q.queue.runWorker({ queue: 'q', handler: (payload) => void seen.push(payload), pollIntervalMs: 60_000 })
    const job = await q.queue.enqueue({ queue: 'q', payload: { n: 1 } })
    await waitFor(async () => (await statusOf(q, job.id)).status === 'processed')
    expect(seen).toEqual([{ n: 1 }])
    await worker.stop()
  })

  test('a job enqueued while a claim is in flight (a store that answers later) runs at once, not at the next poll', async () => {
    const { store } = await openEngineIndex(engine)
    let holdClaims = true
    const claimsInFlight: (() => void)[] = []
    const slow: QueueStore = {
      ...store.queue,
      claim: async (...args) => {
        // The claim reads the queue now and answers later, as a store over the network can.
        const answer = await store.queue.claim(...args)
        if (holdClaims) await new Promise<void>((answerNow) => claimsInFlight.push(answerNow))
        return answer
      },
    }
    const queue = createQueueService({ store: slow, log: quietLog })
    const seen: unknown[] = []
    const worker = queue.runWorker({ queue: 'q', handler: (payload) => void seen.push(payload), pollIntervalMs: 60 * 60_000 })
    await waitFor(() => claimsInFlight.length === 1)
    holdClaims = false
    await queue.enqueue({ queue: 'q', payload: { n: 1 } })
    claimsInFlight[0]!()
    await waitFor(() => seen.length === 1, 10_000)
    expect(seen).toEqual([{ n: 1 }])
    await worker.stop()
  })

  test('a poll the database refuses (locked past busy_timeout) is tried again, not thrown out of the worker', async () => {
    const { store } = await openEngineIndex(engine)
    const repository = store.queue
    let refusals = 1
    const locked: QueueStore = {
      ...repository,
      claim: (...args: Parameters<typeof repository.claim>) => {
        if (refusals-- > 0) return Promise.reject(new Error('database is locked'))
        return repository.claim(...args)
      },
    }
    const queue = createQueueService({ store: locked, log: quietLog })
    const seen: unknown[] = []
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => void rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      const worker = queue.runWorker({ queue: 'q', handler: (payload) => void seen.push(payload), pollIntervalMs: 20 })
      await repository.enqueue({ queue: 'q', payload: { n: 1 } }, Date.now())
      await waitFor(() => seen.length === 1)
      await worker.stop()
      expect(seen).toEqual([{ n: 1 }])
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })

  test('a failing job is retried with backoff, then marked failed with its error', async () => {
    const q = await openQueue(engine)
    let tries = 0
    const worker = q.queue.runWorker({
      queue: 'q',
      handler: () => {
        tries++
        throw new Error(`boom ${tries}`)
      },
      pollIntervalMs: 5,
      backoffMs: 20,
    })
    const job = await q.queue.enqueue({ queue: 'q', payload: {}, maxRetries: 2 })
    await waitFor(async () => (await statusOf(q, job.id)).status === 'failed')
    const failed = await statusOf(q, job.id)
    expect(tries).toBe(3)
    expect(failed.retries).toBe(3)
    expect(failed.error).toBe('boom 3')
    await worker.stop()
  })

  test('a retry is not claimed before its backoff has passed', async () => {
    let now = 1_000_000
    const q = await openQueue(engine, () => now)
    const job = await q.queue.enqueue({ queue: 'q', payload: {}, maxRetries: 3 })
    const first = (await q.repository.claim('q', now, 1000))!
    await q.repository.fail(first, 'x', now + 10_000)
    expect(await q.repository.claim('q', now + 9_999, 1000)).toBeNull()
    now += 10_000
    expect((await q.repository.claim('q', now, 1000))!.id).toBe(job.id)
  })

  test('a claimed job is claimed by nobody else until its lease runs out (a dead worker)', async () => {
    const q = await openQueue(engine)
    const job = await q.queue.enqueue({ queue: 'q', payload: {} })
    expect(await q.repository.claim('q', 1_000, 500)).toBeNull() // not due before it was created
    const now = Date.now()
    expect((await q.repository.claim('q', now, 500))!.id).toBe(job.id)
    expect(await q.repository.claim('q', now + 100, 500)).toBeNull()
    expect((await q.repository.claim('q', now + 501, 500))!.id).toBe(job.id)
  })

  test('a restart releases the leases of the previous run, so its jobs run again', async () => {
    const q = await openQueue(engine)
    const job = await q.queue.enqueue({ queue: 'q', payload: { again: true } })
    await q.repository.claim('q', Date.now(), 60 * 60_000) // the process that claimed it died
    expect(await q.repository.releaseLeases()).toBe(1)
    const restarted = createQueueService({ store: q.repository, log: quietLog })
    const seen: unknown[] = []
    const worker = restarted.runWorker({ queue: 'q', handler: (payload) => void seen.push(payload), pollIntervalMs: 60_000 })
    await waitFor(async () => (await statusOf(q, job.id)).status === 'processed')
    expect(seen).toEqual([{ again: true }])
    await worker.stop()
  })

  test('a processed job keeps its row but drops a payload over 1 KiB; a failed one keeps its payload', async () => {
    const q = await openQueue(engine)
    const big = { body: 'x'.repeat(64 * 1024) }
    const worker = q.queue.runWorker({
      queue: 'q',
      handler: (payload) => {
        if ((payload as { fail?: boolean }).fail) throw new Error('no')
      },
      pollIntervalMs: 60_000,
    })
    const done = await q.queue.enqueue({ queue: 'q', payload: big })
    const small = await q.queue.enqueue({ queue: 'q', payload: { body: 'x'.repeat(1000) } })
    const failed = await q.queue.enqueue({ queue: 'q', payload: { ...big, fail: true }, maxRetries: 0 })
    await waitFor(async () => (await statusOf(q, done.id)).status === 'processed' && (await statusOf(q, failed.id)).status === 'failed')
    expect(await statusOf(q, done.id)).toMatchObject({ status: 'processed', payload: '{}' })
    expect(await statusOf(q, small.id)).toMatchObject({ status: 'processed', payload: JSON.stringify({ body: 'x'.repeat(1000) }) })
    expect(JSON.parse((await statusOf(q, failed.id)).payload)).toEqual({ ...big, fail: true })
    await worker.stop()
  })

  test('counts, metrics buckets and purges by queue and status', async () => {
    const q = await openQueue(engine)
    await q.queue.enqueue({ queue: 'a', payload: {} })
    await q.queue.enqueue({ queue: 'a', payload: {} })
    await q.queue.enqueue({ queue: 'b', payload: {} })
    await q.repository.complete((await q.repository.claim('b', Date.now(), 1000))!.id)
    expect(await q.repository.countsBy('status', {})).toEqual([
      { value: 'pending', count: 2 },
      { value: 'processed', count: 1 },
    ])
    const buckets = await q.repository.metrics({}, 60_000)
    expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3)
    expect(buckets.find((bucket) => bucket.status === 'processed')!.latencyMs).toBeGreaterThanOrEqual(0)
    expect(await q.repository.purge({ queues: ['a'], statuses: ['processed'] })).toBe(0)
    expect(await q.repository.purge({ queues: ['a'] })).toBe(2)
    expect(await q.repository.count({})).toBe(1)
  })
})

describeOnEngines('re-classification through the queue', (engine) => {
  function startReprocessing(index: SearchIndex): { queue: QueueService; stop: () => Promise<void> } {
    const queue = createQueueService({ store: index.store.queue, log: quietLog })
    const reclassifier = createReclassifier({ store: defaultTorrentWrites(index.store, loadClassifier()).reclassify, batchSize: 4 })
    const handlers = createReprocessHandlers({ reclassifier, enqueue: (job) => queue.enqueue(job) })
    const workers = Object.entries(handlers).map(([name, handler]) => queue.runWorker({ queue: name, handler, pollIntervalMs: 60_000 }))
    return { queue, stop: async () => void (await Promise.all(workers.map((worker) => worker.stop()))) }
  }

  const jobStatus = async (index: SearchIndex, id: number) =>
    (await index.sql.get<{ status: string }>('SELECT status FROM queue_jobs WHERE id = ?', [id]))!.status

  test('a reprocess job re-classifies the named torrents, so a new label takes effect', async () => {
    const index = await openSearchIndex([{ infoHash: hashOf(1), name: 'Mystery.Thing' }], {}, engine)
    await index.sql.run(
      `INSERT INTO ground_truth_labels (info_hash, content_type, title, labelled_by, labelled_at) VALUES (?, 'movie', 'Mystery Thing', 'radarr', 1)`,
      [Buffer.from(hashOf(1), 'hex')],
    )
    const running = startReprocessing(index)
    const job = await running.queue.enqueue({ queue: REPROCESS_QUEUE, payload: { infoHashes: [hashOf(1)] } })
    await waitFor(async () => (await jobStatus(index, job.id)) === 'processed')
    const stored = await index.sql.get('SELECT content_type, status FROM torrent_classifications')
    expect(stored).toEqual({ content_type: 'movie', status: 'confirmed' })
    await running.stop()
  })

  test('a batch job works through the index a chunk per job', async () => {
    const index = await openSearchIndex(
      Array.from({ length: 25 }, (_, i) => ({
        infoHash: hashOf(100 + i),
        name: `Show.S01E${String(i + 1).padStart(2, '0')}.720p.HDTV.x264-GRP`,
      })),
      {},
      engine,
    )
    await index.sql.run('UPDATE torrent_classifications SET classified_at = 0')
    const running = startReprocessing(index)
    await running.queue.enqueue({ queue: REPROCESS_BATCH_QUEUE, payload: { contentTypes: null, chunkSize: 10, afterId: 0 } })
    const stale = async () =>
      Number((await index.sql.get<{ n: unknown }>('SELECT count(*) AS n FROM torrent_classifications WHERE classified_at = 0'))!.n)
    await waitFor(async () => (await stale()) === 0)
    const jobs = await index.sql.get<{ n: unknown }>(`SELECT count(*) AS n FROM queue_jobs WHERE queue = ? AND status = 'processed'`, [
      REPROCESS_BATCH_QUEUE,
    ])
    expect(Number(jobs!.n)).toBe(3)
    await running.stop()
  })

  test('a malformed payload fails the job instead of touching torrents', async () => {
    const index = await openSearchIndex([{ infoHash: hashOf(7), name: 'Some.Movie.2020.1080p.WEB-DL.x264-GRP' }], {}, engine)
    const running = startReprocessing(index)
    const job = await running.queue.enqueue({
      queue: REPROCESS_QUEUE,
      payload: { infoHashes: ["'; DROP TABLE torrents; --"] },
      maxRetries: 0,
    })
    await waitFor(async () => (await jobStatus(index, job.id)) === 'failed')
    expect(Number((await index.sql.get<{ n: unknown }>('SELECT count(*) AS n FROM torrents'))!.n)).toBe(1)
    await running.stop()
  })
})
