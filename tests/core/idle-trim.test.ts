import { describe, expect, test } from 'bun:test'
import { startIdleTrim } from '../../src/core/idle-trim'

describe('idle trim', () => {
  test('trims once per quiet spell after a request, never while requests keep coming', async () => {
    let trims = 0
    const idle = startIdleTrim({ idleMs: 60, checkEveryMs: 10, trim: () => trims++ })
    try {
      // No request yet: a service that just started has nothing to give back.
      await Bun.sleep(120)
      expect(trims).toBe(0)
      // Requests every 20 ms: never quiet for 60 ms.
      for (let i = 0; i < 8; i++) {
        idle.touch()
        await Bun.sleep(20)
      }
      expect(trims).toBe(0)
      await Bun.sleep(150)
      expect(trims).toBe(1)
      // Still quiet: nothing more to give back.
      await Bun.sleep(150)
      expect(trims).toBe(1)
      idle.touch()
      await Bun.sleep(150)
      expect(trims).toBe(2)
    } finally {
      idle.stop()
    }
  })
})
