const MINUTE_MS = 60_000
/** The window the rate is taken over. */
const WINDOW_MINUTES = 10
/** A rate over less than this (just after start) would swing wildly. */
const MIN_SPAN_MS = 1_000

/**
 * Counts per wall-clock minute in a ring of the last ten, and the rate per minute over them:
 * over the ten minutes (the current one partly), or over the time since `startedAtMs` when that is
 * shorter. Pure: the caller passes the time.
 */
export function createThroughputMeter(startedAtMs: number) {
  const minutes = new Array<number>(WINDOW_MINUTES).fill(-1)
  const counts = new Array<number>(WINDOW_MINUTES).fill(0)
  return {
    record(count: number, nowMs: number): void {
      if (count <= 0) return
      const minute = Math.floor(nowMs / MINUTE_MS)
      const slot = minute % WINDOW_MINUTES
      if (minutes[slot] !== minute) {
        minutes[slot] = minute
        counts[slot] = 0
      }
      counts[slot]! += count
    },
    perMinute(nowMs: number): number {
      const minute = Math.floor(nowMs / MINUTE_MS)
      const oldest = minute - WINDOW_MINUTES + 1
      let total = 0
      for (let slot = 0; slot < WINDOW_MINUTES; slot++) if (minutes[slot]! >= oldest) total += counts[slot]!
      const spanMs = Math.max(nowMs - Math.max(startedAtMs, oldest * MINUTE_MS), MIN_SPAN_MS)
      return (total * MINUTE_MS) / spanMs
    },
  }
}
