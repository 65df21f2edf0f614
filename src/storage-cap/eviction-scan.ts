/** A torrent the cap may evict, as the caller's last check (the active wants) sees it. */
export interface EvictionCandidate {
  name: string
  /** `unknown` when unclassified. */
  contentType: string
}

/** A place in the oldest-first order: (published_at, id). */
export interface AgeKey {
  publishedAt: number
  torrentId: number
}

/**
 * Where a run of evictions has got to, moved on by each batch: the age window being emptied, the
 * tier within it (no known seeders first, then the rest) and the last torrent looked at, so a
 * torrent the caller keeps is not offered again in that run.
 */
export interface EvictionScan {
  /** The window is (start, end]; null until the first batch finds it. */
  window: { start: AgeKey; end: AgeKey } | null
  tier: 0 | 1
  cursor: AgeKey
  /** Every window walked to the end: nothing more may be evicted. */
  isExhausted: boolean
}

export function startEvictionScan(): EvictionScan {
  return { window: null, tier: 0, cursor: { publishedAt: Number.MIN_SAFE_INTEGER, torrentId: 0 }, isExhausted: false }
}
