import type { StoreConfig } from '../../config'
import type { Logger } from '../../log'
import type { CoreStore } from '../core-store'
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

/**
 * The SQLite adapter over the index file, migrated. Built synchronously, as every SQLite call
 * runs: openStore hands it out as a Promise, and the tests' index helper takes it as it is.
 */
export function openSqliteStore(config: StoreConfig['sqlite'], options: { log: Logger }): CoreStore {
  const legacy = openIndex(config.path, options.log)
  return {
    engine: 'sqlite',
    schemaVersion: async () => currentVersion(legacy.sqlite),
    searchReaderSpec: ({ cacheSizeMb }) => ({ engine: 'sqlite', path: config.path, cacheSizeMb }),
    adminKey: createSqliteAdminKeyStore(legacy),
    queue: createSqliteQueueStore(legacy),
    evidence: createSqliteEvidenceStore(legacy),
    outbox: createSqliteOutboxStore(legacy),
    settings: createSqliteSettingsStore(legacy),
    wants: createSqliteWantsStore(legacy),
    fetchRequests: createSqliteFetchRequestStore(legacy),
    enrichment: createSqliteEnrichmentStore(legacy),
    torrentDetails: createSqliteTorrentDetailsStore(legacy),
    health: createSqliteHealthStore(legacy),
    torrentWrites: (policies) => createSqliteTorrentWrites(legacy, policies),
    operatorEdits: createSqliteOperatorEditsStore(legacy),
    counts: createSqliteTorrentCountsStore(legacy),
    maintenance: createSqliteMaintenanceStore(legacy, config.path),
    crawlerControl: createSqliteCrawlerControlStore(legacy),
    // The crawler thread reads single rows and pages by id, the re-check a few pages a batch: the
    // writer's 16 MiB page cache would be wasted on either.
    knownHashesSpec: () => ({ engine: 'sqlite', path: config.path, cacheSizeMb: 2 }),
    dueSwarmsSpec: () => ({ engine: 'sqlite', path: config.path, cacheSizeMb: 0.5 }),
    legacy,
    // close(true) finalizes the adapters' prepared statements and really closes the file; without it
    // the connection lingers until they are collected, holding the file against a restore or a rewrite.
    close: async () => legacy.sqlite.close(true),
  }
}
