/**
 * Spaces the artwork API's requests `1000 / perSecond` ms apart, whoever asks (the lookups run a
 * few at a time), and holds them all while the API asked us to wait (429 Retry-After).
 */
export function createRequestPacer(perSecond: number, nowMs: () => number = Date.now) {
  const spacingMs = 1000 / perSecond
  let nextSlotMs = 0
  let pausedUntilMs = 0
  return {
    /** Resolves when this request may start; aborting the signal rejects it. */
    async turn(signal: AbortSignal): Promise<void> {
      const slot = Math.max(nowMs(), nextSlotMs, pausedUntilMs)
      nextSlotMs = slot + spacingMs
      const waitMs = slot - nowMs()
      if (waitMs > 0) await sleep(waitMs, signal)
      signal.throwIfAborted()
    },
    /** No request starts within the next `ms`. */
    pauseFor(ms: number): void {
      pausedUntilMs = Math.max(pausedUntilMs, nowMs() + ms)
    },
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
