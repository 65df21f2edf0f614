/**
 * Admits a key at most once per window, remembering at most `maxKeys` at a time: the auth audit
 * uses it so a client retrying a bad key (or a session seen on every request) costs one row per
 * window, and a flood of distinct keys costs bounded memory (past the bound, nothing is admitted).
 */
export function createOncePerWindow(options: { windowMs: number; maxKeys: number; nowMs?: () => number }) {
  const nowMs = options.nowMs ?? Date.now
  // Insertion order is admission order (a key is re-inserted when admitted again), so the
  // stale keys are always at the front.
  const admittedAtMs = new Map<string, number>()
  const forgetStale = (now: number) => {
    for (const [key, at] of admittedAtMs) {
      if (now - at < options.windowMs) return
      admittedAtMs.delete(key)
    }
  }
  return {
    admit(key: string): boolean {
      const now = nowMs()
      const at = admittedAtMs.get(key)
      if (at !== undefined && now - at < options.windowMs) return false
      admittedAtMs.delete(key)
      if (admittedAtMs.size >= options.maxKeys) forgetStale(now)
      if (admittedAtMs.size >= options.maxKeys) return false
      admittedAtMs.set(key, now)
      return true
    },
  }
}
