import type { Database } from 'bun:sqlite'

export type HealthStatus = { status: 'ok' } | { status: 'error'; error: string }

/** The core is healthy when its database answers a query; a closed or missing file is not. */
export function createHealthCheck(deps: { db: Database }) {
  const probe = () => deps.db.query('SELECT count(*) FROM schema_versions').get()
  return {
    check(): HealthStatus {
      try {
        probe()
        return { status: 'ok' }
      } catch (err) {
        return { status: 'error', error: `database unreachable: ${err instanceof Error ? err.message : String(err)}` }
      }
    },
  }
}

export type HealthCheck = ReturnType<typeof createHealthCheck>
