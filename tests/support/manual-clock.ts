/**
 * A clock that moves only when the test says so: `sleep` resolves when `advance` reaches its
 * time, so code that waits is tested without waiting and without wall-clock margins.
 */
export function createManualClock(startMs: number) {
  let nowMs = startMs
  const sleepers: { untilMs: number; resolve: () => void }[] = []
  return {
    nowMs: () => nowMs,
    sleep(ms: number, signal: AbortSignal): Promise<void> {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason)
        const sleeper = { untilMs: nowMs + ms, resolve }
        sleepers.push(sleeper)
        signal.addEventListener(
          'abort',
          () => {
            sleepers.splice(sleepers.indexOf(sleeper), 1)
            reject(signal.reason)
          },
          { once: true },
        )
      })
    },
    /** How many are waiting on the clock. */
    get sleeping(): number {
      return sleepers.length
    },
    /** Moves time forward and wakes, in time order, every sleeper it reaches. */
    advance(ms: number): void {
      nowMs += ms
      const due = sleepers.filter((sleeper) => sleeper.untilMs <= nowMs).sort((a, b) => a.untilMs - b.untilMs)
      for (const sleeper of due) {
        sleepers.splice(sleepers.indexOf(sleeper), 1)
        sleeper.resolve()
      }
    },
  }
}

export type ManualClock = ReturnType<typeof createManualClock>
