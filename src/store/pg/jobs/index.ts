import type { SQL } from 'bun'
import type { CoreStore } from '../../core-store'

/** The jobs and the small tables' ports (helper A of issue 36 builds them). */
export type PgJobPorts = Pick<
  CoreStore,
  | 'adminKey'
  | 'queue'
  | 'evidence'
  | 'outbox'
  | 'settings'
  | 'wants'
  | 'fetchRequests'
  | 'enrichment'
  | 'health'
  | 'crawlerControl'
  | 'syncCursors'
>

export function openPgJobPorts(_primary: SQL): { ports: PgJobPorts; closeListeners(): Promise<void> } {
  throw new Error('PostgreSQL job ports: not built yet (issue 36, in progress on this branch)')
}
