import type { SQL } from 'bun'
import { hideUrlSecrets } from '../../../config'
import { createLogger, type Logger } from '../../../log'
import { toStoreError } from '../../errors'
import type { PgReaderSpec } from '../../reader-spec'
import type { SearchReader } from '../../search-reader'
import { openPgPool } from '../pools'
import { createPartitionCache } from './partition-stats'
import { createReadSession, type ReadSession, SNAPSHOT_OPTIONS } from './read-session'
import { createPgSearchStore } from './search-store'

/** How long a server that refused a search's connection is passed over before it is tried again. */
export const REFUSED_PAUSE_MS = 30_000

/**
 * Parallel workers only add latency to a search on a NAS's few cores serving several clients
 * (plans with parallel bitmap scans were measured slower under load).
 */
const SEARCH_SETTINGS = { max_parallel_workers_per_gather: 0, application_name: 'indexer-search' }

interface Server {
  url: string
  sql: SQL
  /** Passed over until then, after it refused a connection. */
  pausedUntil: number
}

/**
 * A search thread's reader on PostgreSQL: its own small pools, one per hot standby of
 * DATABASE_READ_URL, taken in turn, and the primary's, read when there is no standby or when
 * every standby refuses connections (each refusal logged, the standby passed over a while).
 * Each search is one read-only transaction on one server.
 */
export function openPgSearchReader(spec: PgReaderSpec, options: { log?: Logger; nowMs?: () => number } = {}): SearchReader {
  const log = options.log ?? createLogger({ level: 'warn', fields: { component: 'search-reader' } })
  const nowMs = options.nowMs ?? Date.now
  const open = (url: string): Server => ({
    url,
    sql: openPgPool(url, { max: spec.maxConnections, settings: SEARCH_SETTINGS }),
    pausedUntil: 0,
  })
  const standbys = spec.readUrls.map(open)
  const primary = open(spec.url)
  const partitions = createPartitionCache(nowMs)
  let turn = 0

  /** The standbys not passed over, from the next in turn, then the primary. */
  const serversInOrder = (): Server[] => {
    const start = turn++ % Math.max(1, standbys.length)
    const now = nowMs()
    return [...standbys.slice(start), ...standbys.slice(0, start)].filter((server) => server.pausedUntil <= now).concat(primary)
  }

  /** `use` in a snapshot on `servers[i]`, or on the next server when this one refuses the connection. */
  const runOn = async <T>(servers: Server[], i: number, use: (session: ReadSession) => Promise<T>): Promise<T> => {
    const server = servers[i]!
    let hasBegun = false
    try {
      return await server.sql.begin(SNAPSHOT_OPTIONS, (tx) => {
        hasBegun = true
        return use(createReadSession(tx))
      })
    } catch (err) {
      // A failure inside the search is the search's; one before it began is the server's.
      if (hasBegun || i === servers.length - 1) throw toStoreError(err)
      server.pausedUntil = nowMs() + REFUSED_PAUSE_MS
      log.warn('search: a standby refused the connection, reading from the next server', {
        standby: hideUrlSecrets(server.url),
        next: hideUrlSecrets(servers[i + 1]!.url),
        error: err instanceof Error ? err.message : String(err),
      })
      return runOn(servers, i + 1, use)
    }
  }

  return {
    ...createPgSearchStore({
      run: (use) => runOn(serversInOrder(), 0, use),
      partitions: (session, topId) => partitions((text, params) => session.query('planner', text, params), topId),
    }),
    // The pools let idle connections go on their own (openPgPool's idle timeout); nothing is cached beyond them.
    trimIdle: () => {},
    close: async () => {
      await Promise.all([...standbys, primary].map((server) => server.sql.close()))
    },
  }
}
