import type { ValueType } from './value-types'

/**
 * A stretch of each day in minutes after local midnight. `endMinute` below `startMinute` is a
 * window across midnight (22:00-06:00); the end is not included.
 */
export interface DailyWindow {
  startMinute: number
  endMinute: number
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/

const minuteOf = (clock: string): number | undefined => {
  const match = CLOCK.exec(clock.trim())
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined
}

/**
 * Comma-separated `HH:MM-HH:MM` windows, e.g. `01:00-07:00` or `22:00-02:00,12:00-13:00`. A window
 * that starts where it ends is refused: it reads as both "never" and "all day".
 */
export const dailyWindows: ValueType<DailyWindow[]> = {
  accepts: 'comma-separated HH:MM-HH:MM windows (24-hour local time, e.g. 01:00-07:00; 22:00-06:00 crosses midnight)',
  parse(raw) {
    const windows: DailyWindow[] = []
    for (const part of raw.split(',').map((item) => item.trim())) {
      const [start, end, extra] = part.split('-')
      const startMinute = start === undefined ? undefined : minuteOf(start)
      const endMinute = end === undefined ? undefined : minuteOf(end)
      if (extra !== undefined || startMinute === undefined || endMinute === undefined || startMinute === endMinute) return undefined
      windows.push({ startMinute, endMinute })
    }
    return windows.length > 0 ? windows : undefined
  },
}
