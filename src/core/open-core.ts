import {
  createChatCompletion,
  createClassificationRepository,
  createReranker,
  loadClassifier,
  type Classifier,
  type Reranker,
} from '../classify'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db'
import { createEvidenceCatchUp } from '../evidence'
import { createIngestPipeline, createIngestRepository, type ClassifiedItem, type IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { openIndex } from './open-index'

type IngestObserver = NonNullable<Parameters<typeof createIngestPipeline>[0]['onCommitted']>

export interface Core {
  db: DatabaseHandle
  classifier: Classifier
  pipeline: IngestPipeline
  /** null unless SERVICE_LLM_URL is set. */
  reranker: Reranker | null
}

/**
 * What both the service and the CLI stand on: the migrated index, the compiled rules and the
 * single ingest writer. Throws MigrationError or RuleFileError; the caller stops with the reason.
 * The rules are compiled before the database opens, so a bad rules file never touches it.
 */
export function openCore(config: Config, log: Logger, observers: { onCommitted?: IngestObserver } = {}): Core {
  const classifier = loadClassifier({ rulesPath: config.classify.rulesPath })
  const db = openIndex(config.db.corePath, log.child({ component: 'db' }))
  const reranker = config.classify.llm ? openReranker(db, config.classify.llm, log.child({ component: 'rerank' })) : null
  const pipeline = createIngestPipeline({
    repository: createIngestRepository(db.sqlite, classifier, createEvidenceCatchUp(db.sqlite, config.evidence.weights)),
    batchSize: config.ingest.batchSize,
    flushIntervalMs: config.ingest.flushIntervalMs,
    log: log.child({ component: 'ingest' }),
    onCommitted: (batch) => {
      if (reranker && batch.classified.length > 0) reranker.submit(batch.classified.filter(needsRerank).map(toRerankJob))
      observers.onCommitted?.(batch)
    },
  })
  return { db, classifier, pipeline, reranker }
}

function openReranker(db: DatabaseHandle, llm: NonNullable<Config['classify']['llm']>, log: Logger): Reranker {
  const classifications = createClassificationRepository(db.sqlite)
  return createReranker({
    complete: createChatCompletion(llm),
    concurrency: llm.concurrency,
    store: (job, classification) =>
      classifications.replaceIfUnchanged(job.torrentId, job.classifiedAt, classification, Math.floor(Date.now() / 1000)),
    log,
  })
}

function needsRerank(classified: ClassifiedItem): boolean {
  return !classified.classification.isDefinitive
}

function toRerankJob({ torrentId, classifiedAt, item, classification }: ClassifiedItem) {
  return {
    torrentId,
    classifiedAt,
    classification,
    subject: {
      name: item.name,
      sizeBytes: item.sizeBytes,
      files: item.files,
      ruleContentType: classification.contentType,
      ruleConfidence: classification.confidence,
    },
  }
}
