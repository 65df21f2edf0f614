import { describe, expect, test } from 'bun:test'
import { startTorznabWorkerPool } from '../../src/torznab'
import { defaultWeights } from '../support/search-index'
import { openTestIndex, quietLog } from '../support/test-index'

describe('the search worker pool', () => {
  test('answers structured searches from a worker, and refuses at once once stopped instead of hanging', async () => {
    const index = openTestIndex()
    index.pipeline.submit({
      infoHash: 'cd'.repeat(20),
      infoHashV2: null,
      name: 'Pool.Test.2024.1080p.WEB-DL-GRP',
      sizeBytes: 1_000_000,
      isPrivate: false,
      files: null,
      source: 'import',
      publishedAt: null,
      seeders: null,
      leechers: null,
    })
    index.pipeline.flush()
    const pool = await startTorznabWorkerPool({
      size: 1,
      databasePath: index.path,
      weights: defaultWeights,
      timeoutMs: 5_000,
      version: 'test',
      baseUrl: '',
      log: quietLog,
    })
    const found = await pool.search({ text: 'pool', categories: null, limit: 10, offset: 0 })
    expect(found.items.map((item) => item.name)).toEqual(['Pool.Test.2024.1080p.WEB-DL-GRP'])
    pool.stop()
    const startedAt = performance.now()
    await expect(pool.search({ text: 'pool', categories: null, limit: 10, offset: 0 })).rejects.toThrow('stopping')
    expect(performance.now() - startedAt).toBeLessThan(100)
    index.db.close()
  })
})
