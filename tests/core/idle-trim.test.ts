import { describe, expect, test } from 'bun:test'
import { startIdleTrim } from '../../src/core/idle-trim'

describe('idle trim', () => {
  test('trims once per quiet spell after a search, never while searches keep coming', async () => {
    let trims = 0
    // Quiet means 300 ms here; searches come every 20 ms, so a loaded machine has slack.
    const idle = startIdleTrim({ idleMs: 300, checkEveryMs: 10, trim: () => trims++ })
    try {
      // No search yet: a service that just started has nothing to give back.
      await Bun.sleep(400)
      expect(trims).toBe(0)
      for (let i = 0; i < 20; i++) {
        idle.touch()
        await Bun.sleep(20)
      }
      expect(trims).toBe(0)
      await Bun.sleep(600)
      expect(trims).toBe(1)
      // Still quiet: nothing more to give back.
      await Bun.sleep(400)
      expect(trims).toBe(1)
      idle.touch()
      await Bun.sleep(600)
      expect(trims).toBe(2)
    } finally {
      idle.stop()
    }
  })
})
