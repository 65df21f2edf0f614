import { createChatCompletion, createReranker, loadClassifier, type Classifier, type Reranker } from '../classify'
import type { Config } from '../config'
import { createLineWorkers, type LineWorkers } from '../importer'
import { createIngestPipeline, type ClassifiedItem, type IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { type CoreStore, openStore } from '../store'
import { createTorrentStore, type TorrentStore } from '../torrents'
import { createWantRegistry, type WantRegistry } from '../wants'

export interface Core {
  store: CoreStore
  classifier: Classifier
  torrents: TorrentStore
  pipeline: IngestPipeline
  /** null unless SERVICE_LLM_URL is set. */
  reranker: Reranker | null
  /** The registered wants, matched after every commit of `pipeline`. */
  wants: WantRegistry
}

/**
 * What both the service and the CLI stand on: the migrated index, the compiled rules, the torrent
 * store and the single ingest writer, with what runs after each of its commits whoever submitted
 * the torrents (an HTTP or CLI import, a magnetico database, the crawler): the want matching and,
 * when configured, the rerank.
 * Rejects with MigrationError or RuleFileError; the caller stops with the reason. The rules are
 * compiled before the database opens, so a bad rules file never touches it.
 */
export async function openCore(config: Config, log: Logger): Promise<Core> {
  const classifier = loadClassifier({ rulesPath: config.classify.rulesPath })
  const store = await openStore(config.store, { log: log.child({ component: 'db' }) })
  const torrents = createTorrentStore({
    db: store.legacy,
    classifier,
    evidenceWeights: config.evidence.weights,
    batchSize: config.ingest.batchSize,
  })
  const pipeline = createIngestPipeline({
    writer: torrents.writer,
    batchSize: config.ingest.batchSize,
    flushIntervalMs: config.ingest.flushIntervalMs,
    log: log.child({ component: 'ingest' }),
  })
  const wants = await createWantRegistry({ store: store.wants, log: log.child({ component: 'wants' }) })
  pipeline.onCommitted(({ classified }) => wants.onCommitted(classified))
  const reranker = config.classify.llm ? openReranker(torrents, config.classify.llm, log.child({ component: 'rerank' })) : null
  if (reranker)
    pipeline.onCommitted(({ classified }) => {
      const unsure = classified.filter((item) => !item.classification.isDefinitive)
      if (unsure.length > 0) reranker.submit(unsure.map(toRerankJob))
    })
  return { store, classifier, torrents, pipeline, reranker, wants }
}

/**
 * The threads that parse and classify imported JSON lines (SERVICE_IMPORT_WORKERS), from the same
 * rules file as the writer's classifier; null when set to 0, and lines are parsed on the writer's
 * thread. They start with an import's first chunk and end when imports go idle.
 */
export function openLineWorkers(config: Config, log: Logger): LineWorkers | null {
  if (config.ingest.importWorkers === 0) return null
  return createLineWorkers({
    count: config.ingest.importWorkers,
    rulesPath: config.classify.rulesPath ?? null,
    limits: config.ingest.limits,
    log: log.child({ component: 'import' }),
  })
}

function openReranker(torrents: TorrentStore, llm: NonNullable<Config['classify']['llm']>, log: Logger): Reranker {
  return createReranker({
    complete: createChatCompletion(llm),
    model: llm.model,
    concurrency: llm.concurrency,
    store: (job, classification) =>
      torrents.replaceClassificationIfUnchanged(job.torrentId, job.classifiedAt, classification, Math.floor(Date.now() / 1000)),
    log,
  })
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
