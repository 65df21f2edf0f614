import type { SQL } from 'bun'
import type { PgStoreConfig } from '../../../config'
import type { CoreStore } from '../../core-store'
import type { PgReaderSpec } from '../../reader-spec'
import { createPgTorrentCountsStore } from './counts'
import { createPgExportStore } from './export-store'
import { createPgMaintenanceStore } from './maintenance'
import { createPgOperatorEditsStore } from './operator-edits'
import { createSearchPartitions } from './search-partitions'
import { createSourceIds } from './torrent-rows'
import { createPgTorrentWrites } from './torrent-writes'

export { openPgDueSwarmsReader } from './due-swarms'
export { openPgKnownHashesReader } from './known-hashes'

/** The torrents' ports: writes, operator edits, counts, maintenance, the crawler's readers' specs, export. */
export type PgTorrentPorts = Pick<
  CoreStore,
  'torrentWrites' | 'operatorEdits' | 'counts' | 'maintenance' | 'knownHashesSpec' | 'dueSwarmsSpec' | 'exports'
>

/**
 * The crawler thread's readers go to the primary: what the index holds must include the batches
 * just written, which a standby may not have yet. A connection each is enough for their page reads.
 */
const CRAWLER_READER_CONNECTIONS = 1

export function openPgTorrentPorts(primary: SQL, config: PgStoreConfig): PgTorrentPorts {
  // One per store: every writer the composition root binds shares the partitions' and sources' caches.
  const deps = { partitions: createSearchPartitions(primary), sources: createSourceIds() }
  const crawlerReader = (): PgReaderSpec => ({
    engine: 'postgres',
    url: config.url,
    readUrls: [],
    maxConnections: CRAWLER_READER_CONNECTIONS,
  })
  return {
    torrentWrites: (policies) => createPgTorrentWrites(primary, policies, deps),
    operatorEdits: createPgOperatorEditsStore(primary),
    counts: createPgTorrentCountsStore(primary),
    maintenance: createPgMaintenanceStore(primary),
    knownHashesSpec: crawlerReader,
    dueSwarmsSpec: crawlerReader,
    exports: createPgExportStore(primary),
  }
}
