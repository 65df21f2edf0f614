import type { StorageReport } from '../vocabulary'
import type { HealthCheck } from './health-check'

/** The body of `GET /api/v1/status`. */
export function createStatusReporter(deps: {
  /** Torrents in the index, counted (and cached) by their owner; null while it cannot tell. */
  torrentCount: () => number | null
  health: HealthCheck
  version: string
  startedAtMs: number
  /** The databases' sizes and the storage cap. */
  storage?: () => Promise<StorageReport>
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  return {
    async report() {
      const health = await deps.health.check()
      return {
        version: deps.version,
        startedAt: new Date(deps.startedAtMs).toISOString(),
        uptimeSeconds: Math.floor((nowMs() - deps.startedAtMs) / 1000),
        torrents: deps.torrentCount(),
        storage: (await deps.storage?.()) ?? null,
        health: health.status,
        components: Object.fromEntries(health.checks.map((check) => [check.key, { status: check.status, error: check.error }])),
      }
    },
  }
}

export type StatusReporter = ReturnType<typeof createStatusReporter>
