import { describe, expect, test } from 'bun:test'
import { createTurns } from '../src/in-turn'

describe('createTurns', () => {
  test('changes run one at a time in the order asked, a slow first one included; a failure does not stop the next', async () => {
    const inTurn = createTurns()
    const events: string[] = []
    const change = (name: string, ms: number, fails = false) =>
      inTurn(async () => {
        events.push(`${name} starts`)
        await Bun.sleep(ms)
        events.push(`${name} ends`)
        if (fails) throw new Error(`${name} failed`)
        return name
      })
    const results = await Promise.allSettled([change('a', 30), change('b', 0, true), change('c', 0)])
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends'])
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      'a',
      'b failed',
      'c',
    ])
  })
})
