import { loadClassifier, type Classifier } from '../classify'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db'
import { createIngestPipeline, createIngestRepository, type IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { openIndex } from './open-index'

export interface Core {
  db: DatabaseHandle
  classifier: Classifier
  pipeline: IngestPipeline
}

/**
 * What both the service and the CLI stand on: the migrated index, the compiled rules and the
 * single ingest writer. Throws MigrationError or RuleFileError; the caller stops with the reason.
 * The rules are compiled before the database opens, so a bad rules file never touches it.
 */
export function openCore(config: Config, log: Logger): Core {
  const classifier = loadClassifier({ rulesPath: config.classify.rulesPath })
  const db = openIndex(config.db.corePath, log.child({ component: 'db' }))
  const pipeline = createIngestPipeline({
    repository: createIngestRepository(db.sqlite, classifier),
    batchSize: config.ingest.batchSize,
    flushIntervalMs: config.ingest.flushIntervalMs,
    log: log.child({ component: 'ingest' }),
  })
  return { db, classifier, pipeline }
}
