import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../../src/config'
import { describeSchedule, isWithinSchedule } from '../../../src/dht/crawl/crawl-schedule'

const scheduleOf = (raw: string) => loadConfig({ SERVICE_DHT_SCHEDULE: raw }).dht.schedule
const at = (clock: string) => new Date(`2026-03-01T${clock}:00`)

describe('SERVICE_DHT_SCHEDULE', () => {
  test('unset is around the clock', () => {
    expect(loadConfig({}).dht.schedule).toEqual([])
    expect(isWithinSchedule([], at('13:37'))).toBe(true)
  })

  test('a window crawls from its start to just before its end, in local time', () => {
    const windows = scheduleOf('01:00-07:00')
    expect(['00:59', '01:00', '06:59', '07:00'].map((clock) => isWithinSchedule(windows, at(clock)))).toEqual([false, true, true, false])
  })

  test('a window ending before it starts crosses midnight; several windows add up', () => {
    const windows = scheduleOf(' 22:00-06:00 , 12:00-12:30')
    expect(describeSchedule(windows)).toBe('22:00-06:00,12:00-12:30')
    const inside = ['23:59', '00:00', '05:59', '22:00', '12:15'].map((clock) => isWithinSchedule(windows, at(clock)))
    const outside = ['06:00', '21:59', '12:30', '11:59'].map((clock) => isWithinSchedule(windows, at(clock)))
    expect(inside.every(Boolean)).toBe(true)
    expect(outside.some(Boolean)).toBe(false)
  })

  test.each(['1:00-7:00', '01:00', '01:00-07:00-08:00', '24:00-01:00', '01:60-02:00', '05:00-05:00', '01:00-07:00,', 'night'])(
    'refuses %p, naming the variable',
    (raw) => {
      expect(() => scheduleOf(raw)).toThrow(ConfigError)
      expect(() => scheduleOf(raw)).toThrow(/SERVICE_DHT_SCHEDULE/)
    },
  )
})
