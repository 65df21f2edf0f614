import { loadClassifier } from '../../src/classify'
import { loadConfig } from '../../src/config'
import { openLineWorkers } from '../../src/core'
import { evidenceScorer } from '../../src/evidence'
import { createClassifyStored, createIngestPipeline } from '../../src/ingest'
import { createLogger } from '../../src/log'
import { type DatabaseHandle, openSqliteStore } from '../../src/store/sqlite'
import { createSqliteTorrentWrites } from '../../src/store/sqlite/torrent-writes'
import type { TorrentWrites } from '../../src/torrents'

/** The writers that classify on an open SQLite index, bound as the core binds them: the default rules and evidence weights. */
export function benchTorrentWrites(db: DatabaseHandle): TorrentWrites {
  return createSqliteTorrentWrites(db, {
    classify: createClassifyStored(loadClassifier()),
    scoreEvidence: evidenceScorer(loadConfig({}).evidence.weights),
  })
}

/**
 * A fresh index at `path` with the default rules and the service's ingest settings (batches of
 * 1,000, SERVICE_INGEST_BATCH_SIZE's default), for the import benchmarks. `importWorkers` is
 * SERVICE_IMPORT_WORKERS' value (`auto` by default, 0 for none): the line workers of a JSON Lines
 * import, to pass to runImportCommand and stop at the end. `db` is the store's SQLite connection,
 * for the benches that look with SQL.
 */
export function openBenchIndex(path: string, options: { importWorkers?: string } = {}) {
  const log = createLogger({ level: 'warn' })
  const config = loadConfig({ SERVICE_IMPORT_WORKERS: options.importWorkers ?? 'auto' })
  const store = openSqliteStore({ path }, { log })
  const db = store.connection
  const writer = benchTorrentWrites(db).ingest
  const pipeline = createIngestPipeline({ writer, batchSize: 1000, flushIntervalMs: 500, log })
  return {
    db,
    store,
    pipeline,
    log,
    writer,
    lineWorkers: openLineWorkers(config, log),
    importWorkers: config.ingest.importWorkers,
  }
}
