import type { Database } from 'bun:sqlite'
import type { HealthCheck } from './health-check'

/** Counting a million rows takes milliseconds; a status page polled every few seconds needs no more. */
const COUNT_CACHE_MS = 10_000

/** The body of `GET /api/v1/status`. */
export function createStatusReporter(deps: {
  db: Database
  health: HealthCheck
  version: string
  startedAtMs: number
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  let cached: { count: number; atMs: number } | null = null
  const torrentCount = (): number | null => {
    if (cached && nowMs() - cached.atMs < COUNT_CACHE_MS) return cached.count
    try {
      cached = { count: (deps.db.query('SELECT count(*) AS n FROM torrents').get() as { n: number }).n, atMs: nowMs() }
      return cached.count
    } catch {
      return null
    }
  }
  return {
    report() {
      const health = deps.health.check()
      return {
        version: deps.version,
        startedAt: new Date(deps.startedAtMs).toISOString(),
        uptimeSeconds: Math.floor((nowMs() - deps.startedAtMs) / 1000),
        torrents: torrentCount(),
        health: health.status,
        components: Object.fromEntries(health.checks.map((check) => [check.key, { status: check.status, error: check.error }])),
      }
    },
    /** The cached torrent count, for /metrics. */
    torrentCount,
  }
}

export type StatusReporter = ReturnType<typeof createStatusReporter>
