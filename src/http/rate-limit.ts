/**
 * Requests per minute per client, in fixed one-minute windows: enough to stop a misconfigured
 * client hammering a NAS, and a Retry-After the clients honour (R45). Off when the limit is 0.
 */
export function createRateLimiter(options: { perMinute: number; nowMs?: () => number }) {
  const nowMs = options.nowMs ?? (() => Date.now())
  const windowMs = 60_000
  let windowStart = 0
  let counts = new Map<string, number>()

  return {
    /** Counts one request; returns null when allowed, else the seconds until the window resets. */
    take(client: string): number | null {
      if (options.perMinute <= 0) return null
      const now = nowMs()
      if (now - windowStart >= windowMs) {
        // A new window forgets every client, so the map never outgrows one minute's clients.
        windowStart = now - ((now - windowStart) % windowMs)
        if (now - windowStart >= windowMs) windowStart = now
        counts = new Map()
      }
      const used = (counts.get(client) ?? 0) + 1
      counts.set(client, used)
      return used <= options.perMinute ? null : Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
