import { ArtworkApiError } from './errors'

/** Time as the pacer reads and waits on it; tests pass one they move by hand. */
export interface PacerClock {
  nowMs(): number
  /** Resolves after `ms`; aborting the signal rejects it. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

const REAL_CLOCK: PacerClock = { nowMs: () => Date.now(), sleep }

/**
 * Spaces the artwork API's requests `1000 / perSecond` ms apart, whoever asks (the lookups run a
 * few at a time), and refuses every request while the API asked us to wait (429 Retry-After):
 * one that was already waiting for its slot when the 429 came is refused too, so nothing at all
 * goes out before the wait is over. A refused request is an ArtworkApiError carrying the time
 * left, which the resolver waits out like the 429 itself.
 */
export function createRequestPacer(perSecond: number, clock: PacerClock = REAL_CLOCK) {
  const spacingMs = 1000 / perSecond
  let nextSlotMs = 0
  let pausedUntilMs = 0
  const refuseWhilePaused = () => {
    const leftMs = pausedUntilMs - clock.nowMs()
    if (leftMs > 0) throw new ArtworkApiError(`the artwork API asked to wait; ${Math.ceil(leftMs)} ms left (429)`, leftMs)
  }
  return {
    /** Resolves when this request may go out; rejects while paused, or when the signal aborts. */
    async turn(signal: AbortSignal): Promise<void> {
      refuseWhilePaused()
      const slot = Math.max(clock.nowMs(), nextSlotMs)
      nextSlotMs = slot + spacingMs
      const waitMs = slot - clock.nowMs()
      if (waitMs > 0) await clock.sleep(waitMs, signal)
      signal.throwIfAborted()
      refuseWhilePaused()
    },
    /** No request goes out within the next `ms`. */
    pauseFor(ms: number): void {
      pausedUntilMs = Math.max(pausedUntilMs, clock.nowMs() + ms)
    },
    /** The pacer's clock, for reading an HTTP-date Retry-After against the same time. */
    nowMs: () => clock.nowMs(),
  }
}

export type RequestPacer = ReturnType<typeof createRequestPacer>

/** setTimeout as a promise that an abort ends early (rejecting with the signal's reason). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
