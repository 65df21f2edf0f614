/**
 * A migrated core index on either engine, with its writers, ingest pipeline and plain SQL, for the
 * service suites that run on both (describeOnEngines). Closed when the suite ends.
 */
import type { IngestPipeline } from '../../src/ingest'
import { type CoreStore, openStore } from '../../src/store'
import { type EngineUnderTest, SQLITE } from './engines'
import type { StoreFixtures } from './store-fixtures'
import { closeAfterSuite } from './suite-resources'
import { quietLog, type TestTorrents, testPipeline, testTorrents } from './test-index'
import { type TestSql, testSql } from './test-sql'

export interface EngineIndex {
  store: CoreStore
  torrents: TestTorrents
  pipeline: IngestPipeline
  sql: TestSql
  fixtures: StoreFixtures
}

export async function openEngineIndex(
  engine: EngineUnderTest = SQLITE,
  options: { batchSize?: number; flushIntervalMs?: number } = {},
): Promise<EngineIndex> {
  const store = closeAfterSuite(await openStore(await engine.freshConfig(), { log: quietLog }))
  const torrents = testTorrents(store)
  return { store, torrents, pipeline: testPipeline(torrents, options), sql: testSql(store), fixtures: engine.fixtures(store) }
}
