import { SQL } from 'bun'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from '../../log'
import type { WorkerLease, WorkerLeaseStore } from '../../queue'

/**
 * The first key of the worker's advisory lock (the migrator's is a single bigint, so the two never
 * meet); the second is the index's schema, so that indexes in two schemas of one database (the
 * tests', or two deployments') each have their worker.
 */
const WORKER_LOCK_CLASS = 7_361_002

/** How long a standby waits between two tries: the takeover after a holder dies is at most this late. */
const RETRY_MS = 2_000

/**
 * The worker's lease on PostgreSQL: a session advisory lock held on a connection of its own. A
 * reserved connection of a pool would not do: the lock outlives its release() back to the pool,
 * and the pool may close it idle. So one client with a single connection that never idles out;
 * when that connection closes (the server restarted, the backend was terminated, the network cut
 * it), the server has dropped the lock and the lease is lost.
 */
export function createPgWorkerLease(url: string, options: { log: Logger; retryMs?: number }): WorkerLeaseStore {
  const retryMs = options.retryMs ?? RETRY_MS
  return {
    async acquire({ signal, onStandby }) {
      let toldStandby = false
      for (;;) {
        signal.throwIfAborted()
        try {
          const lease = await tryLease(url)
          if (lease) return lease
          if (!toldStandby) onStandby?.()
          toldStandby = true
        } catch (err) {
          options.log.warn('worker lease: the database is not reachable, trying again', { err, retryMs })
        }
        await sleep(retryMs, undefined, { signal })
      }
    },
  }
}

async function tryLease(url: string): Promise<WorkerLease | null> {
  let released = false
  let markLost: (err: Error) => void = () => {}
  const lost = new Promise<Error>((resolve) => {
    markLost = resolve
  })
  const client = new SQL(url, {
    max: 1,
    idleTimeout: 0,
    maxLifetime: 0,
    connectionTimeout: 10,
    connection: { application_name: 'indexer-worker-lease' },
    onclose: (err) => {
      if (!released) markLost(err ?? new Error('the worker lease connection closed'))
    },
  })
  try {
    const [row] = await client`SELECT pg_try_advisory_lock(${WORKER_LOCK_CLASS}, hashtext(current_schema())) AS granted`
    if (row?.granted !== true) {
      released = true
      await client.close()
      return null
    }
  } catch (err) {
    released = true
    await client.close().catch(() => {})
    throw err
  }
  return {
    lost,
    async release() {
      released = true
      // Closing the session drops its locks: no unlock to send on a connection that may be gone.
      await client.close()
    },
  }
}
