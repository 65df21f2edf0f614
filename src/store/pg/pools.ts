import { SQL } from 'bun'
import { toStoreError } from '../errors'

/** Where the PostgreSQL index lives: DATABASE_URL, and the hot standbys of DATABASE_READ_URL. */
export interface PgConfig {
  url: string
  readUrls: string[]
}

/**
 * A pool of connections to one server. Bun.SQL (built into the pinned Bun: no driver to add) keeps
 * server-side prepared statements per connection, pipelines, and reconnects a pool whose backends
 * were killed; `settings` are sent as run-time parameters when each connection opens (the search
 * plans' pools forbid some scans that way).
 */
export function openPgPool(
  url: string,
  options: { max: number; settings?: Record<string, string | number | boolean>; onclose?: (err: Error | null) => void },
): SQL {
  return new SQL(url, {
    max: options.max,
    idleTimeout: 60,
    connectionTimeout: 10,
    connection: { application_name: 'indexer', ...options.settings },
    onclose: options.onclose,
  })
}

/**
 * A port method over PostgreSQL: its failure rejects with a StoreError (the engine's error as the
 * cause), as every adapter's does.
 */
export function pgCall<Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await method(...args)
    } catch (err) {
      throw toStoreError(err)
    }
  }
}

/** int8 and numeric come back from Bun.SQL as strings; ids, sizes and times stay below 2^53. */
export function int(value: unknown): number {
  return typeof value === 'number' ? value : Number(value)
}

/** A nullable int8 column. */
export function intOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : int(value)
}
