/**
 * Slows key guessing (issue 29.6): an address that gave `maxFailures` wrong keys within `windowMs`
 * is refused further tries until the oldest of them is a window old. Counted per address, so the
 * right key from anywhere else is never locked out; bounded, so a flood of addresses costs bounded
 * memory (past the bound, the addresses seen longest ago are forgotten first).
 */
export function createFailureThrottle(options: { maxFailures: number; windowMs: number; maxAddresses: number; nowMs: () => number }) {
  // Failure times per address, oldest first; insertion order is last-failure order.
  const failuresAt = new Map<string, number[]>()
  const recent = (address: string, now: number): number[] => {
    const times = (failuresAt.get(address) ?? []).filter((at) => now - at < options.windowMs)
    if (times.length === 0) failuresAt.delete(address)
    return times
  }
  return {
    /** How long `address` must wait before its next try (ms); 0 when it may try now. */
    retryAfterMs(address: string): number {
      const now = options.nowMs()
      const times = recent(address, now)
      return times.length < options.maxFailures ? 0 : times[times.length - options.maxFailures]! + options.windowMs - now
    },
    /** Counts a wrong key from `address`; returns whether this one used up its tries. */
    noteFailure(address: string): boolean {
      const now = options.nowMs()
      const times = [...recent(address, now), now].slice(-options.maxFailures)
      failuresAt.delete(address)
      failuresAt.set(address, times)
      for (const oldest of failuresAt.keys()) {
        if (failuresAt.size <= options.maxAddresses) break
        failuresAt.delete(oldest)
      }
      return times.length === options.maxFailures
    },
  }
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>
