import type { SQL } from 'bun'
import type { CoreStore } from '../../core-store'
import { createPgAdminKeyStore } from './admin-key'
import { openChangeFeed } from './changes'
import { createPgCrawlerControlStore } from './crawler-control'
import { createPgEnrichmentStore } from './enrichment'
import { createPgEvidenceStore } from './evidence'
import { createPgFetchRequestStore } from './fetch-requests'
import { createPgHealthStore } from './health'
import { createPgOutboxStore } from './outbox'
import { createPgQueueStore } from './queue'
import { createPgSettingsStore } from './settings'
import { createPgSyncCursorStore } from './sync-cursors'
import { createPgWantsStore } from './wants'

/** The jobs and the small tables' ports. */
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

/**
 * The jobs and small tables over the primary. Opening waits for the LISTEN of the change feed to
 * be in place, so a caller's first read comes after it: no change of another process falls between.
 */
export async function openPgJobPorts(primary: SQL): Promise<{ ports: PgJobPorts; closeListeners(): Promise<void> }> {
  const changes = await openChangeFeed(primary)
  return {
    ports: {
      adminKey: createPgAdminKeyStore(primary),
      queue: createPgQueueStore(primary, changes),
      evidence: createPgEvidenceStore(primary),
      outbox: createPgOutboxStore(primary, changes),
      settings: createPgSettingsStore(primary, changes),
      wants: createPgWantsStore(primary, changes),
      fetchRequests: createPgFetchRequestStore(primary, changes),
      enrichment: createPgEnrichmentStore(primary),
      health: createPgHealthStore(primary),
      crawlerControl: createPgCrawlerControlStore(primary, changes),
      syncCursors: createPgSyncCursorStore(primary),
    },
    closeListeners: () => changes.close(),
  }
}
