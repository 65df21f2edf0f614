import type { SqliteReaderSpec } from '../../reader-spec'
import type { SearchReader } from '../../search-reader'
import { openSqlite } from '../../sqlite-file'
import { createSqliteSearchStore } from './search-store'

/**
 * A search thread's reader: its own read-only connection to the index (WAL lets it read beside
 * the writer) with its own page cache, so searches never wait on ingest or on each other.
 */
export function openSqliteSearchReader(spec: SqliteReaderSpec): SearchReader {
  const db = openSqlite(spec.path, { readonly: true, cacheSizeMb: spec.cacheSizeMb })
  return {
    ...createSqliteSearchStore(db),
    // What a burst of searches left in the page cache goes back; the OS's file cache keeps the pages.
    trimIdle: () => db.run('PRAGMA shrink_memory'),
    close: async () => db.close(),
  }
}
