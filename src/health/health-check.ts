import type { Database } from 'bun:sqlite'
import type { WorkerRegistry } from '../queue'

/** bitmagnet's health states, which its GraphQL `health` exposes too. */
export type ComponentStatus = 'up' | 'down' | 'inactive' | 'unknown'

export interface ComponentCheck {
  key: 'db' | 'queue' | 'torrent'
  status: ComponentStatus
  /** Unix ms of the check. */
  timestamp: number
  error: string | null
}

export interface HealthReport {
  /** `up` while the database answers: the one thing the service cannot work without. */
  status: ComponentStatus
  checks: ComponentCheck[]
}

/**
 * What the core depends on, checked on demand:
 * - db: the database answers a query (a closed or unreadable file does not);
 * - torrent: the index tables can be read (the ingest writer and search depend on them);
 * - queue: the queue table can be read and its workers are running.
 */
export function createHealthCheck(deps: { db: Database; workers?: WorkerRegistry; nowMs?: () => number }) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const probe = (key: ComponentCheck['key'], sql: string, whenUp: () => ComponentStatus = () => 'up'): ComponentCheck => {
    try {
      deps.db.query(sql).get()
      return { key, status: whenUp(), timestamp: nowMs(), error: null }
    } catch (err) {
      return { key, status: 'down', timestamp: nowMs(), error: `database unreachable: ${err instanceof Error ? err.message : String(err)}` }
    }
  }
  const queueWorkersStatus = (): ComponentStatus => {
    const queueWorkers = deps.workers?.listAll().filter((worker) => worker.key.startsWith('queue:')) ?? []
    if (queueWorkers.length === 0) return 'inactive'
    return queueWorkers.every((worker) => worker.started) ? 'up' : 'down'
  }
  return {
    check(): HealthReport {
      const checks = [
        probe('db', 'SELECT count(*) FROM schema_versions'),
        probe('torrent', 'SELECT id FROM torrents LIMIT 1'),
        probe('queue', 'SELECT id FROM queue_jobs LIMIT 1', queueWorkersStatus),
      ]
      return { status: checks[0]!.status, checks }
    },
  }
}

export type HealthCheck = ReturnType<typeof createHealthCheck>
