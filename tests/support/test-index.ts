import type { SQL } from 'bun'
import type { PgCoreStore } from '../../src/store/pg/open-pg-store'
import { join } from 'node:path'
import { loadClassifier, type Classifier } from '../../src/classify'
import { loadConfig } from '../../src/config'
import type { DatabaseHandle, SqliteCoreStore } from '../../src/store/sqlite'
import { evidenceScorer } from '../../src/evidence'
import { createClassifyStored, createIngestPipeline, type IngestPipeline, type IngestStore } from '../../src/ingest'
import { createLogger, type Logger } from '../../src/log'
import type { CoreStore } from '../../src/store'
import { openSqliteStore } from '../../src/store/sqlite'
import { createReclassifier, type OperatorEditsStore, type Reclassifier, type RerankStore, type TorrentWrites } from '../../src/torrents'
import { makeTempDir } from './temp-dir'

export const quietLog: Logger = createLogger({ level: 'error', sink: () => {} })

/** The default rules, compiled once per test file. */
export const defaultClassifier: Classifier = loadClassifier()

let counter = 0

/** The evidence weights of a default configuration. */
export const defaultEvidenceWeights = loadConfig({}).evidence.weights

/** The writers that classify, as the core binds them: the default rules and evidence weights. */
export function defaultTorrentWrites(store: CoreStore, classifier: Classifier = defaultClassifier): TorrentWrites {
  return store.torrentWrites({ classify: createClassifyStored(classifier), scoreEvidence: evidenceScorer(defaultEvidenceWeights) })
}

/** What the tests do to stored torrents: write batches, re-classify, rerank, edit by hand. */
export interface TestTorrents {
  writer: IngestStore
  reclassifier: Reclassifier
  rerank: RerankStore
  operator: OperatorEditsStore
}

/** The writers of an open store, as the tests use them. */
export function testTorrents(store: CoreStore, classifier: Classifier = defaultClassifier): TestTorrents {
  const writes = defaultTorrentWrites(store, classifier)
  return {
    writer: writes.ingest,
    reclassifier: createReclassifier({ store: writes.reclassify, batchSize: 100 }),
    rerank: writes.rerank,
    operator: store.operatorEdits,
  }
}

/**
 * A migrated core database in a temp file (real SQLite, WAL), with its torrent store and ingest
 * pipeline. `store` is the index behind its ports; `db` is its SQLite connection, for
 * the tests that set up or look with SQL.
 * `path` places it where a service or the CLI will find it (DATA_DIR/index.db).
 */
export function openTestIndex(options: { batchSize?: number; flushIntervalMs?: number; path?: string } = {}): {
  db: DatabaseHandle
  store: SqliteCoreStore
  torrents: TestTorrents
  pipeline: IngestPipeline
  path: string
} {
  const path = options.path ?? join(makeTempDir(), `index-${++counter}.db`)
  const store = openSqliteStore({ path }, { log: quietLog })
  const db = store.connection
  const torrents = testTorrents(store)
  return { db, store, torrents, pipeline: testPipeline(torrents, options), path }
}

/** The ingest pipeline over a store's writer, as the tests size it: small batches flushed soon, unless a test says otherwise. */
export function testPipeline(torrents: TestTorrents, options: { batchSize?: number; flushIntervalMs?: number } = {}): IngestPipeline {
  return createIngestPipeline({
    writer: torrents.writer,
    batchSize: options.batchSize ?? 100,
    flushIntervalMs: options.flushIntervalMs ?? 50,
    log: quietLog,
  })
}

/** The SQLite connection under a store opened on SQLite, for a test that sets up or looks with SQL. */
export function sqliteOf(store: CoreStore): DatabaseHandle {
  if (store.engine !== 'sqlite') throw new Error(`a ${store.engine} store has no SQLite connection`)
  return (store as SqliteCoreStore).connection
}

/** The primary's pool under a store opened on PostgreSQL, for a test that sets up or looks with SQL. */
export function pgOf(store: CoreStore): SQL {
  if (store.engine !== 'postgres') throw new Error(`a ${store.engine} store has no PostgreSQL pool`)
  return (store as PgCoreStore).primary
}
