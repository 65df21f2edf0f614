import { join } from 'node:path'
import { loadClassifier, type Classifier } from '../../src/classify'
import { openIndex } from '../../src/core'
import type { DatabaseHandle } from '../../src/db'
import { createIngestPipeline, createIngestRepository, type IngestPipeline } from '../../src/ingest'
import { createLogger, type Logger } from '../../src/log'
import { makeTempDir } from './temp-dir'

export const quietLog: Logger = createLogger({ level: 'error', sink: () => {} })

/** The default rules, compiled once per test file. */
export const defaultClassifier: Classifier = loadClassifier()

let counter = 0

/** A migrated core database in a temp file (real SQLite, WAL), with its ingest pipeline. */
export function openTestIndex(options: { batchSize?: number; flushIntervalMs?: number } = {}): {
  db: DatabaseHandle
  pipeline: IngestPipeline
  path: string
} {
  const path = join(makeTempDir(), `index-${++counter}.db`)
  const db = openIndex(path, quietLog)
  const pipeline = createIngestPipeline({
    repository: createIngestRepository(db.sqlite, defaultClassifier),
    batchSize: options.batchSize ?? 100,
    flushIntervalMs: options.flushIntervalMs ?? 50,
    log: quietLog,
  })
  return { db, pipeline, path }
}
