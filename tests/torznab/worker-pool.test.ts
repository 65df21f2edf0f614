import { describe, expect, test } from 'bun:test'
import { startTorznabWorkerPool } from '../../src/torznab'
import { defaultWeights, hashOf, openSearchIndex } from '../support/search-index'
import { quietLog } from '../support/test-index'

describe('the search worker pool', () => {
  test('answers structured searches from a worker, and refuses at once once stopped instead of hanging', async () => {
    const index = openSearchIndex([{ infoHash: hashOf(1), name: 'Pool.Test.2024.1080p.WEB-DL-GRP' }])
    const pool = await startTorznabWorkerPool({
      size: 1,
      databasePath: index.path,
      cacheSizeMb: 2,
      weights: defaultWeights,
      timeoutMs: 5_000,
      version: 'test',
      baseUrl: '',
      log: quietLog,
    })
    const query = { text: 'pool', categories: null, limit: 10, offset: 0 }
    const found = await pool.search(query)
    expect(found.items.map((item) => item.name)).toEqual(['Pool.Test.2024.1080p.WEB-DL-GRP'])
    pool.stop()
    const startedAt = performance.now()
    await expect(pool.search(query)).rejects.toThrow('stopping')
    expect(performance.now() - startedAt).toBeLessThan(100)
    index.db.close()
  })
})
