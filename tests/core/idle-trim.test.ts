import { describe, expect, test } from 'bun:test'
import { createIdleTrim, startIdleTrim } from '../../src/core/idle-trim'
import { waitFor } from '../support/dht-probe'

describe('idle trim', () => {
  test('trims once per quiet spell after a search, never while searches keep coming', () => {
    let trims = 0
    const clock = { nowMs: 1_000_000 }
    const idle = createIdleTrim({ idleMs: 300, trim: () => trims++, nowMs: () => clock.nowMs })
    const checkAfter = (ms: number) => {
      clock.nowMs += ms
      idle.check()
    }
    // No search yet: a service that just started has nothing to give back.
    checkAfter(400)
    expect(trims).toBe(0)
    // A search every 20 ms: never quiet for 300 ms.
    for (let i = 0; i < 20; i++) {
      idle.touch()
      checkAfter(20)
    }
    expect(trims).toBe(0)
    // 299 ms after the last search, then 300.
    checkAfter(279)
    expect(trims).toBe(0)
    checkAfter(1)
    expect(trims).toBe(1)
    // Still quiet: nothing more to give back.
    checkAfter(400)
    expect(trims).toBe(1)
    idle.touch()
    checkAfter(600)
    expect(trims).toBe(2)
  })

  test('the running trim checks on its own timer', async () => {
    let trims = 0
    const idle = startIdleTrim({ idleMs: 0, checkEveryMs: 10, trim: () => trims++ })
    try {
      idle.touch()
      await waitFor(() => trims === 1, 30_000, 10)
    } finally {
      idle.stop()
    }
  })
})
