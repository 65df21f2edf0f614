import { join } from 'node:path'
import { loadClassifier, type Classifier } from '../../src/classify'
import { loadConfig } from '../../src/config'
import type { DatabaseHandle } from '../../src/db'
import { createIngestPipeline, type IngestPipeline } from '../../src/ingest'
import { createLogger, type Logger } from '../../src/log'
import type { CoreStore } from '../../src/store'
import { openSqliteStore } from '../../src/store/sqlite'
import { createTorrentStore, type TorrentStore } from '../../src/torrents'
import { makeTempDir } from './temp-dir'

export const quietLog: Logger = createLogger({ level: 'error', sink: () => {} })

/** The default rules, compiled once per test file. */
export const defaultClassifier: Classifier = loadClassifier()

let counter = 0

/** The evidence weights of a default configuration. */
export const defaultEvidenceWeights = loadConfig({}).evidence.weights

/**
 * A migrated core database in a temp file (real SQLite, WAL), with its torrent store and ingest
 * pipeline. `store` is the index behind its ports; `db` is its SQLite handle (store.legacy), for
 * the tests that set up or look with SQL and for the capabilities not behind a port yet (issue 31).
 * `path` places it where a service or the CLI will find it (DATA_DIR/index.db).
 */
export function openTestIndex(options: { batchSize?: number; flushIntervalMs?: number; path?: string } = {}): {
  db: DatabaseHandle
  store: CoreStore
  torrents: TorrentStore
  pipeline: IngestPipeline
  path: string
} {
  const path = options.path ?? join(makeTempDir(), `index-${++counter}.db`)
  const store = openSqliteStore({ path }, { log: quietLog })
  const db = store.legacy
  const torrents = createTorrentStore({ db, classifier: defaultClassifier, evidenceWeights: defaultEvidenceWeights, batchSize: 100 })
  const pipeline = createIngestPipeline({
    writer: torrents.writer,
    batchSize: options.batchSize ?? 100,
    flushIntervalMs: options.flushIntervalMs ?? 50,
    log: quietLog,
  })
  return { db, store, torrents, pipeline, path }
}
