import type { StoreConfig } from '../../config'
import type { Logger } from '../../log'
import type { CoreStore } from '../core-store'
import type { SqliteReaderSpec } from '../reader-spec'
import type { DatabaseHandle } from './open-database'
import { createSqliteExportStore } from './export-store'
import { createSqliteSyncCursorStore } from './sync-cursor-store'
import { currentVersion } from '../sqlite-file'
import { createSqliteAdminKeyStore } from './admin-key'
import { createSqliteCrawlerControlStore } from './crawler-control'
import { createSqliteEnrichmentStore } from './enrichment'
import { createSqliteEvidenceStore } from './evidence'
import { createSqliteFetchRequestStore } from './fetch-requests'
import { createSqliteHealthStore } from './health'
import { createSqliteMaintenanceStore } from './maintenance/maintenance-store'
import { openIndex } from './open-index'
import { createSqliteOutboxStore } from './outbox'
import { createSqliteQueueStore } from './queue'
import { createSqliteSettingsStore } from './settings'
import { createSqliteTorrentDetailsStore } from './torrent-details'
import { createSqliteTorrentWrites } from './torrent-writes'
import { createSqliteTorrentCountsStore } from './torrents/counts'
import { createSqliteOperatorEditsStore } from './torrents/operator-edits'
import { createSqliteWantsStore } from './wants'
import { createSqliteWorkerLease } from './worker-lease'

/** The SQLite adapter's store: its ports, and its connection for the tests and benches that set up or look with SQL. */
export interface SqliteCoreStore extends CoreStore {
  readonly connection: DatabaseHandle
  searchReaderSpec(options: { cacheSizeMb: number }): SqliteReaderSpec
  knownHashesSpec(): SqliteReaderSpec
  dueSwarmsSpec(): SqliteReaderSpec
}

/**
 * The SQLite adapter over the index file, migrated. Built synchronously, as every SQLite call
 * runs: openStore hands it out as a Promise, and the tests' index helper takes it as it is.
 */
export function openSqliteStore(config: StoreConfig['sqlite'], options: { log: Logger }): SqliteCoreStore {
  const connection = openIndex(config.path, options.log)
  return {
    engine: 'sqlite',
    schemaVersion: async () => currentVersion(connection.sqlite),
    searchReaderSpec: ({ cacheSizeMb }) => ({ engine: 'sqlite', path: config.path, cacheSizeMb }),
    adminKey: createSqliteAdminKeyStore(connection),
    queue: createSqliteQueueStore(connection),
    workerLease: createSqliteWorkerLease(),
    evidence: createSqliteEvidenceStore(connection),
    outbox: createSqliteOutboxStore(connection),
    settings: createSqliteSettingsStore(connection),
    wants: createSqliteWantsStore(connection),
    fetchRequests: createSqliteFetchRequestStore(connection),
    enrichment: createSqliteEnrichmentStore(connection),
    torrentDetails: createSqliteTorrentDetailsStore(connection),
    health: createSqliteHealthStore(connection),
    torrentWrites: (policies) => createSqliteTorrentWrites(connection, policies),
    operatorEdits: createSqliteOperatorEditsStore(connection),
    counts: createSqliteTorrentCountsStore(connection),
    maintenance: createSqliteMaintenanceStore(connection, config.path),
    crawlerControl: createSqliteCrawlerControlStore(connection),
    // The crawler thread reads single rows and pages by id, the re-check a few pages a batch: the
    // writer's 16 MiB page cache would be wasted on either.
    knownHashesSpec: () => ({ engine: 'sqlite', path: config.path, cacheSizeMb: 2 }),
    dueSwarmsSpec: () => ({ engine: 'sqlite', path: config.path, cacheSizeMb: 0.5 }),
    exports: createSqliteExportStore(connection.sqlite),
    syncCursors: createSqliteSyncCursorStore(connection.sqlite),
    connection,
    // close(true) finalizes the adapters' prepared statements and really closes the file; without it
    // the connection lingers until they are collected, holding the file against a restore or a rewrite.
    close: async () => connection.sqlite.close(true),
  }
}
