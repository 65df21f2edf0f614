import { describe, expect, test } from 'bun:test'
import { createThroughputMeter } from '../../src/stats/throughput-meter'

const MINUTE = 60_000
/** A wall-clock minute boundary, so buckets are where the test says. */
const T0 = 1_000 * MINUTE

describe('createThroughputMeter', () => {
  test('is 0 before anything is stored', () => {
    expect(createThroughputMeter(T0).perMinute(T0 + 5 * MINUTE)).toBe(0)
  })

  test('over the uptime while it is shorter than ten minutes', () => {
    const meter = createThroughputMeter(T0)
    meter.record(100, T0 + 10_000)
    expect(meter.perMinute(T0 + 30_000)).toBe(100 * 2)
    meter.record(50, T0 + 70_000)
    expect(meter.perMinute(T0 + 2 * MINUTE)).toBe(150 / 2)
  })

  test('over the last ten minutes once running longer, older minutes falling out', () => {
    const meter = createThroughputMeter(T0)
    meter.record(1_000, T0 + 30_000)
    for (let minute = 1; minute <= 11; minute++) meter.record(60, T0 + minute * MINUTE + 1_000)
    // At 11:30 the window is 2:00-11:30: minutes 2..11 hold 10 x 60 over 9.5 minutes.
    expect(meter.perMinute(T0 + 11 * MINUTE + 30_000)).toBeCloseTo(600 / 9.5, 6)
    // Twenty minutes on, nothing is left in the window.
    expect(meter.perMinute(T0 + 31 * MINUTE)).toBe(0)
  })

  test('a burst right after start is not blown up past a one-second span', () => {
    const meter = createThroughputMeter(T0)
    meter.record(10, T0 + 10)
    expect(meter.perMinute(T0 + 20)).toBe(600)
  })
})
