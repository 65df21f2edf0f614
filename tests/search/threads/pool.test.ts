import { expect, test } from 'bun:test'
import { SEARCH_THREAD_ENTRY } from '../../../src/core/wire-search'
import { type SearchThreadPoolOptions, startSearchThreadPool } from '../../../src/search'
import type { ReaderSpec } from '../../../src/store'
import { describeOnEngines } from '../../support/engines'
import { defaultWeights, hashOf, openSearchIndex, type SearchIndex } from '../../support/search-index'
import { quietLog } from '../../support/test-index'

const startPool = (index: SearchIndex, options: Partial<SearchThreadPoolOptions<ReaderSpec>> = {}) =>
  startSearchThreadPool<ReaderSpec>({
    entry: SEARCH_THREAD_ENTRY,
    size: 1,
    setup: {
      reader: index.store.searchReaderSpec({ cacheSizeMb: 2 }),
      weights: defaultWeights,
      timeoutMs: 5_000,
      torznab: { version: 'test', baseUrl: '' },
    },
    log: quietLog,
    ...options,
  })

describeOnEngines('the search thread pool', (engine) => {
  test('answers structured searches from a worker, and refuses at once once stopped instead of hanging', async () => {
    const index = await openSearchIndex([{ infoHash: hashOf(1), name: 'Pool.Test.2024.1080p.WEB-DL-GRP' }], {}, engine)
    let activity = 0
    const pool = await startPool(index, { onActivity: () => activity++ })
    const query = { text: 'pool', categories: null, limit: 10, offset: 0 }
    const found = await pool.search(query)
    expect(found.items.map((item) => item.name)).toEqual(['Pool.Test.2024.1080p.WEB-DL-GRP'])
    await pool.answer('t=search&q=pool')
    // Each request sent to a thread and each answer is told (the idle trim's clock).
    expect(activity).toBe(4)
    pool.stop()
    // Refused at once: the refusal settles before a zero-delay timer fires, however busy the machine.
    const refusal = pool.search(query).then(
      () => 'answered',
      (error: Error) => error.message,
    )
    expect(await Promise.race([refusal, Bun.sleep(0).then(() => 'still waiting')])).toContain('stopping')
  })

  test('starts one thread, adds threads while every one is busy (up to its size), and stops the extra ones once idle', async () => {
    const index = await openSearchIndex(
      Array.from({ length: 50 }, (_, i) => ({ infoHash: hashOf(i + 1), name: `Elastic.Pool.${i}.2024.1080p.WEB-DL-GRP` })),
      {},
      engine,
    )
    const pool = await startPool(index, { size: 3, idleRetireMs: 600 })
    try {
      expect(pool.threadCount).toBe(1)
      const query = { text: 'elastic', categories: null, limit: 50, offset: 0 }
      // Bursts of concurrent searches until the pool has grown to its size (a thread takes a moment to start).
      const deadline = Date.now() + 30_000
      while (pool.threadCount < 3 && Date.now() < deadline) {
        const answers = await Promise.all(Array.from({ length: 8 }, () => pool.search(query)))
        for (const answer of answers) expect(answer.items).toHaveLength(50)
      }
      expect(pool.threadCount).toBe(3)
      // Idle past idleRetireMs: back to the one thread, which still answers.
      const idleDeadline = Date.now() + 30_000
      while (pool.threadCount > 1 && Date.now() < idleDeadline) await Bun.sleep(100)
      expect(pool.threadCount).toBe(1)
      expect((await pool.search(query)).items).toHaveLength(50)
    } finally {
      pool.stop()
    }
  })
})
