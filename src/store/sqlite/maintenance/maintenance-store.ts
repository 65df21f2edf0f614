import type { MaintenanceStore } from '../../../storage-cap'
import type { DatabaseHandle } from '../open-database'
import { asPortMethods } from '../port-call'
import { createSqliteEviction } from './eviction'
import { createPageUsage } from './page-usage'

/** The storage cap's port on the writer's connection: its evictions are writes like any other, between ingest batches. */
export function createSqliteMaintenanceStore(db: DatabaseHandle, databasePath: string): MaintenanceStore {
  return asPortMethods({ ...createPageUsage(db.sqlite, databasePath), ...createSqliteEviction(db.sqlite) })
}
