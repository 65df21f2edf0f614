/** When a 429 carries no usable Retry-After, wait this long (TMDB's window is seconds). */
const DEFAULT_RETRY_AFTER_MS = 10_000
/** A Retry-After beyond this (a misconfigured proxy, a hostile server) is read as this. */
const MAX_RETRY_AFTER_MS = 3_600_000

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `nowMs`; null when unreadable. */
export function readRetryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  // An HTTP date names its day and month; Date.parse would also take '-5' or '2026'.
  const at = /[a-z]{3}/i.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

/** How long a 429 says to wait: its Retry-After, else 10 s, and never more than an hour. */
export function waitAfterTooManyRequestsMs(retryAfter: string | null, nowMs: number): number {
  return Math.min(readRetryAfterMs(retryAfter, nowMs) ?? DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS)
}
