import type { SQL } from 'bun'
import type { PgStoreConfig } from '../../../config'
import type { CoreStore } from '../../core-store'
import { createPgTorrentDetailsStore } from './torrent-details'

export { openPgSearchReader } from './open-search-reader'

/** Connections each search thread keeps per server: its one snapshot at a time (search-store.ts) and a read outside it. */
const SEARCH_THREAD_CONNECTIONS = 2

/** Search's ports: the spec the search threads open their readers from (on the standbys), and the details loader. */
export type PgSearchPorts = Pick<CoreStore, 'searchReaderSpec' | 'torrentDetails'>

export function openPgSearchPorts(primary: SQL, config: PgStoreConfig): PgSearchPorts {
  return {
    // The page cache is SQLite's own tuning: on PostgreSQL the server keeps the pages.
    searchReaderSpec: () => ({
      engine: 'postgres',
      url: config.url,
      readUrls: [...config.readUrls],
      maxConnections: SEARCH_THREAD_CONNECTIONS,
    }),
    // Details follow a write the caller just made: they read the primary.
    torrentDetails: createPgTorrentDetailsStore(primary),
  }
}
