import type { DailyWindow } from '../../config'

/**
 * Whether `at` falls in one of the windows, read in the process's local time (TZ; UTC when the
 * container sets none), as an operator writes "crawl only at night". An empty list is always.
 */
export function isWithinSchedule(windows: readonly DailyWindow[], at: Date): boolean {
  if (windows.length === 0) return true
  const minute = at.getHours() * 60 + at.getMinutes()
  return windows.some(({ startMinute, endMinute }) =>
    startMinute < endMinute ? minute >= startMinute && minute < endMinute : minute >= startMinute || minute < endMinute,
  )
}

/** The windows as SERVICE_DHT_SCHEDULE writes them (`01:00-07:00`); null for always. */
export function describeSchedule(windows: readonly DailyWindow[]): string | null {
  if (windows.length === 0) return null
  const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
  return windows.map(({ startMinute, endMinute }) => `${clock(startMinute)}-${clock(endMinute)}`).join(',')
}
