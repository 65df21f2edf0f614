import type { WorkerLeaseStore } from '../../queue'

/**
 * A SQLite index is served by one process (every role but `all` needs DATABASE_URL), so the
 * worker's lease is granted at once and never lost.
 */
export function createSqliteWorkerLease(): WorkerLeaseStore {
  return {
    acquire: async ({ signal }) => {
      signal.throwIfAborted()
      return { lost: new Promise<Error>(() => {}), release: async () => {} }
    },
  }
}
