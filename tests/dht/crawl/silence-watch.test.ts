import { describe, expect, test } from 'bun:test'
import { SilenceWatch } from '../../../src/dht/crawl/silence-watch'

describe('the silence watch', () => {
  test('warns once after 5 quiet minutes, recovers once on the next answer', () => {
    const watch = new SilenceWatch(300_000, 0)
    expect(watch.check(299_000, null)).toBeNull()
    expect(watch.check(301_000, null)).toEqual({ warn: 301_000 })
    expect(watch.check(400_000, null)).toBeNull()
    expect(watch.check(401_000, 400_500)).toBe('recovered')
    expect(watch.check(402_000, 400_500)).toBeNull()
    expect(watch.check(800_000, 400_500)).toEqual({ warn: 399_500 })
  })
})
