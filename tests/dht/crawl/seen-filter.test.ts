import { describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { SeenFilter } from '../../../src/dht/crawl/seen-filter'

describe('the seen filter', () => {
  test('never misses a hash it holds, and false hits stay near 1 % at its rated load', () => {
    const filter = new SeenFilter(64 * 1024)
    const held = Array.from({ length: 54_000 }, () => randomBytes(20))
    for (const hash of held) filter.add(hash)
    expect(held.every((hash) => filter.mightHave(hash))).toBe(true)
    let falseHits = 0
    for (let i = 0; i < 20_000; i++) if (filter.mightHave(randomBytes(20))) falseHits++
    expect(falseHits / 20_000).toBeLessThan(0.02)
  })
})
