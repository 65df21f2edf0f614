import type { Logger } from '../../log'
import { withContentType, type Classification } from '../classifier'
import type { ChatCompletion } from './chat-completions'
import { buildRerankMessages, readRerankAnswer, type RerankSubject } from './rerank-prompt'

/** A stored, non-definitive classification waiting for the model's opinion. */
export interface RerankJob {
  torrentId: number
  /** When the classification was stored; a newer one (reclassify, a label) makes the job stale. */
  classifiedAt: number
  subject: RerankSubject
  classification: Classification
}

/** Writes the reranked classification unless the stored one changed meanwhile; true when written. */
export type StoreReranked = (job: RerankJob, classification: Classification) => boolean

/** The fired-rule name that records a rerank, so an operator sees what decided. */
export const RERANK_REASON = 'llm-rerank'

/** The model's pick is worth at least this much; rules below it are the ones that asked. */
const RERANK_CONFIDENCE = 0.6

/**
 * Waiting jobs kept at most. A bulk import can classify far more torrents than a model answers,
 * and a queue without bound would hold them all in memory; past it new jobs are skipped and
 * keep the rules' answer.
 */
const MAX_WAITING = 1000

/**
 * Runs the optional rerank after each ingest commit: at most `concurrency` requests in flight,
 * and any failure (timeout, HTTP error, an answer naming no type) keeps the rules' result.
 */
export function createReranker(deps: {
  complete: ChatCompletion
  /** The model asked (SERVICE_LLM_MODEL), named in each answer's explanation. */
  model: string
  concurrency: number
  store: StoreReranked
  log: Logger
}) {
  const waiting: RerankJob[] = []
  let running = 0
  let idleWaiters: (() => void)[] = []
  const stats = { asked: 0, changed: 0, failed: 0, skipped: 0 }

  const settleIdle = () => {
    if (running > 0 || waiting.length > 0) return
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }

  const rerankOne = async (job: RerankJob) => {
    stats.asked++
    try {
      const choice = readRerankAnswer(await deps.complete(buildRerankMessages(job.subject)))
      if (choice === null) {
        stats.failed++
        deps.log.debug('rerank answer named no content type', { torrentId: job.torrentId })
        return
      }
      const confidence = Math.max(job.classification.confidence, RERANK_CONFIDENCE)
      if (
        deps.store(job, withContentType(job.classification, choice, confidence, RERANK_REASON, deps.model)) &&
        choice !== job.classification.contentType
      ) {
        stats.changed++
      }
    } catch (err) {
      stats.failed++
      deps.log.warn("rerank failed, keeping the rules' result", { torrentId: job.torrentId, err })
    }
  }

  const pump = () => {
    while (running < deps.concurrency && waiting.length > 0) {
      const job = waiting.shift()!
      running++
      void rerankOne(job).finally(() => {
        running--
        pump()
        settleIdle()
      })
    }
  }

  return {
    submit(jobs: RerankJob[]): void {
      for (const job of jobs) {
        if (waiting.length >= MAX_WAITING) stats.skipped++
        else waiting.push(job)
      }
      pump()
    },
    /** Resolves once nothing is waiting or in flight (shutdown and tests). */
    idle(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    get stats(): Readonly<typeof stats> {
      return stats
    },
  }
}

export type Reranker = ReturnType<typeof createReranker>
