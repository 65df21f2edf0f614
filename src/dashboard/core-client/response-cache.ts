/**
 * A short-lived cache of core answers, so a page polled by many tabs costs the core one query per
 * interval. Its hit ratio is the `cacheHitRatio` of /api/stats (DESIGN.md 5.3). Entries are kept
 * by key until they expire; the map is bounded so a crawl of distinct URLs cannot grow it forever.
 */
const MAX_ENTRIES = 500

export function createResponseCache(nowMs: () => number = () => Date.now()) {
  const entries = new Map<string, { value: Promise<unknown>; expiresAtMs: number }>()
  let lookups = 0
  let hits = 0
  return {
    /** The cached answer for `key`, or `load()`'s (shared by concurrent callers); failures are not kept. */
    get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      lookups++
      const entry = entries.get(key)
      if (entry && entry.expiresAtMs > nowMs()) {
        hits++
        return entry.value as Promise<T>
      }
      if (entries.size >= MAX_ENTRIES) {
        for (const [oldKey, old] of entries) if (old.expiresAtMs <= nowMs() || entries.size >= MAX_ENTRIES) entries.delete(oldKey)
      }
      const value = load()
      entries.set(key, { value, expiresAtMs: nowMs() + ttlMs })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
    /** Drops every entry: after a change through the dashboard, the next read must see it. */
    clear(): void {
      entries.clear()
    },
    /** Hits over lookups since start; 0 before the first lookup. */
    hitRatio(): number {
      return lookups === 0 ? 0 : hits / lookups
    },
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>
