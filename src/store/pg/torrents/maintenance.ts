import type { SQL } from 'bun'
import type { MaintenanceStore } from '../../../storage-cap'
import { int, pgCall } from '../pools'
import { createPgEviction } from './eviction'

/** The tables outsiders fill (webhooks, the queue behind them, outbound batches, fetches by hash, want matches). */
const OTHER_DATA_TABLES = ['evidence', 'queue_jobs', 'evidence_webhook_batches', 'want_matches', 'fetch_requests']

/**
 * The storage cap's port on PostgreSQL. The server keeps its own write-ahead log and gives space
 * back through (auto)vacuum, so there is no log to hold or truncate and no free page to release
 * here. What the disk holds is `pg_database_size`; the data in it is the index's tables (its
 * schema) with their indexes and TOAST, each less the share of its rows that are dead (deleted,
 * their space reusable once vacuumed), so an eviction shows at once.
 */
export function createPgMaintenanceStore(primary: SQL): MaintenanceStore {
  const measure = async () => {
    const [row] = await primary`SELECT pg_database_size(current_database()) AS database_bytes,
        (SELECT coalesce(sum(pg_total_relation_size(s.relid)
           * CASE WHEN s.n_live_tup + s.n_dead_tup = 0 THEN 1 ELSE s.n_live_tup::float8 / (s.n_live_tup + s.n_dead_tup) END), 0)
         FROM pg_stat_user_tables s WHERE s.schemaname = current_schema()) AS data_bytes`
    const databaseBytes = int(row.database_bytes)
    return {
      dataBytes: Math.min(Math.round(Number(row.data_bytes)), databaseBytes),
      allocatedBytes: databaseBytes,
      journalBytes: 0,
      fileBytes: null,
      walBytes: 0,
      freePages: 0,
      canRelease: false,
    }
  }
  const otherDataBytes = async () => {
    const [row] = await primary`SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(${OTHER_DATA_TABLES}::text[])`
    return int(row.bytes)
  }
  const nothing = async () => {}
  return {
    measure: pgCall(measure),
    otherDataBytes: pgCall(otherDataBytes),
    releaseFreePages: async () => 0,
    checkpoint: nothing,
    truncateLog: nothing,
    limitLog: nothing,
    ...createPgEviction(primary),
  }
}
