import { loadClassifier } from '../../src/classify'
import { loadConfig } from '../../src/config'
import { openIndex } from '../../src/core'
import { createIngestPipeline } from '../../src/ingest'
import { createLogger } from '../../src/log'
import { createTorrentStore } from '../../src/torrents'

/**
 * A fresh index at `path` with the default rules and the service's ingest settings (batches of
 * 1,000, SERVICE_INGEST_BATCH_SIZE's default), for the import benchmarks.
 */
export function openBenchIndex(path: string) {
  const log = createLogger({ level: 'warn' })
  const db = openIndex(path, log)
  const pipeline = createIngestPipeline({
    writer: createTorrentStore({ db, classifier: loadClassifier(), evidenceWeights: loadConfig({}).evidence.weights, batchSize: 1000 })
      .writer,
    batchSize: 1000,
    flushIntervalMs: 500,
    log,
  })
  return { db, pipeline, log }
}
