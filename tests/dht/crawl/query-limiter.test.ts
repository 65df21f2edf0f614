import { describe, expect, test } from 'bun:test'
import { QueryLimiter } from '../../../src/dht/crawl/query-limiter'

describe('the incoming query limit', () => {
  test('a burst of 20 per node, then one a second; each node on its own', () => {
    const limiter = new QueryLimiter()
    let allowed = 0
    for (let i = 0; i < 100; i++) if (limiter.allow('10.0.0.1:6881', 0)) allowed++
    expect(allowed).toBe(20)
    expect(limiter.allow('10.0.0.2:6881', 0)).toBe(true)
    expect(limiter.allow('10.0.0.1:6881', 500)).toBe(false)
    expect(limiter.allow('10.0.0.1:6881', 1_000)).toBe(true)
  })
})
