import { describe, expect, test } from 'bun:test'
import { ExpiringSet } from '../../../src/dht/crawl/expiring-set'

describe('the expiring set', () => {
  test('the expiring set forgets after its ttl and beyond its capacity', () => {
    const set = new ExpiringSet(1000, 2)
    set.add('a', 0)
    set.add('b', 0)
    set.add('c', 0)
    expect([set.has('a', 1), set.has('b', 1), set.has('c', 1)]).toEqual([false, true, true])
    expect(set.has('b', 1000)).toBe(false)
  })
})
