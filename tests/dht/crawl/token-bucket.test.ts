import { describe, expect, test } from 'bun:test'
import { TokenBucket } from '../../../src/dht/crawl/token-bucket'

describe('the token bucket', () => {
  test('the token bucket gives its rate a second and no more', () => {
    const bucket = new TokenBucket(10, 0)
    let taken = 0
    while (bucket.take(0)) taken++
    expect(taken).toBe(10)
    expect(bucket.take(50)).toBe(false)
    expect(bucket.take(100)).toBe(true)
  })
})
