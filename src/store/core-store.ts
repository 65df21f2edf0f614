import type { AdminKeyStore } from '../auth'
import type { CrawlerControlStore } from '../dht'
import type { EnrichmentStore } from '../enrichment'
import type { EvidenceStore, OutboxStore } from '../evidence'
import type { FetchRequestStore } from '../fetch-requests'
import type { TorrentDetailsStore } from '../graphql'
import type { HealthStore } from '../health'
import type { QueueStore, WorkerLeaseStore } from '../queue'
import type { SettingsStore } from '../settings'
import type { ExportStore, SyncCursorStore } from '../sync'
import type { MaintenanceStore } from '../storage-cap'
import type { WritePolicies } from '../ingest'
import type { OperatorEditsStore, TorrentCountsStore, TorrentWrites } from '../torrents'
import type { WantsStore } from '../wants'
import type { ReaderSpec } from './reader-spec'

/**
 * The core's index behind its ports, as openStore returns it. Each capability's port joins this
 * interface; no connection, statement or row iterator crosses it (issue 31).
 */
export interface CoreStore {
  /** Which adapter holds the index. */
  readonly engine: 'sqlite' | 'postgres'
  /** The version of the newest migration applied to the index. */
  schemaVersion(): Promise<number>
  /** What a search thread opens its reader from (openSearchReader), its page cache `cacheSizeMb` (SERVICE_SEARCH_CACHE_MB). */
  searchReaderSpec(options: { cacheSizeMb: number }): ReaderSpec
  adminKey: AdminKeyStore
  queue: QueueStore
  /** Which process of a deployment runs the jobs (the worker role's singleton). */
  workerLease: WorkerLeaseStore
  evidence: EvidenceStore
  outbox: OutboxStore
  settings: SettingsStore
  wants: WantsStore
  fetchRequests: FetchRequestStore
  enrichment: EnrichmentStore
  torrentDetails: TorrentDetailsStore
  health: HealthStore
  /** The writers that classify, bound to the policies the composition root built from the rules and the evidence weights. */
  torrentWrites(policies: WritePolicies): TorrentWrites
  operatorEdits: OperatorEditsStore
  counts: TorrentCountsStore
  maintenance: MaintenanceStore
  crawlerControl: CrawlerControlStore
  /** What the crawler thread opens its known-hashes reader from (openKnownHashesReader). */
  knownHashesSpec(): ReaderSpec
  /** What the crawler thread opens its reader of the torrents due for a swarm re-check from (openDueSwarmsReader). */
  dueSwarmsSpec(): ReaderSpec
  /** The index read page by page for export (GET /export, cli export). */
  exports: ExportStore
  /** Where each followed export has got to (SERVICE_SYNC_SOURCES). */
  syncCursors: SyncCursorStore
  close(): Promise<void>
}
