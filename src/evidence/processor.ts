import type { EvidenceConfig } from '../config'
import { type DatabaseHandle, writeTransaction } from '../db'
import type { Logger } from '../log'
import type { EvidenceEffects } from '../torrents'
import type { EvidenceReport, EvidenceResult } from './model'
import type { EvidenceRepository } from './repository'

export const EVIDENCE_QUEUE = 'evidence'

export interface EvidenceProcessorDeps {
  db: DatabaseHandle
  repository: EvidenceRepository
  /** The torrent columns and labels a report moves, written by the torrent store. */
  effects: EvidenceEffects
  weights: EvidenceConfig['weights']
  /** Re-runs classification for one torrent, so a new label takes effect (categories, ids). */
  reclassify: (infoHash: string) => void
  /** A grabbed torrent is worth fresh swarm counts (the crawler's scrape), when a crawler runs. */
  onGrab?: (infoHash: string) => void
  /** Each recorded report, for the metrics. */
  onRecorded?: (report: EvidenceReport, result: EvidenceResult) => void
  log: Logger
}

/**
 * Turns one queued report into its record and its effects, in one transaction: a repeat within
 * 60 s (from any instance of the same client kind) is recorded as `duplicate`, pointing at the
 * report it repeats, and does nothing; a grab counts; a success adds to the evidence score and,
 * with a label, makes it ground truth (the torrent is re-classified: confirmed, its categories
 * and ids follow); a failure takes the penalty off the score.
 */
export function createEvidenceProcessor(deps: EvidenceProcessorDeps) {
  const { repository, effects, weights } = deps
  // The record and its effects commit together: a report is never counted without being kept.
  const apply = writeTransaction(deps.db.sqlite, (report: EvidenceReport): { labelled: boolean; result: EvidenceResult } => {
    const original = repository.findOriginal(report)
    const result = original === null ? report.result : 'duplicate'
    repository.record(report, result, original)
    const hash = report.infoHash
    if (result === 'duplicate' || !hash) return { labelled: false, result }
    if (report.type === 'grab') effects.addGrab(hash, weights.grab)
    else if (report.result === 'failed') effects.adjustScore(hash, -weights.failurePenalty)
    else {
      effects.adjustScore(hash, weights.success)
      if (report.label) {
        effects.label(hash, report.label, report.instance, Math.floor(Date.now() / 1000))
        return { labelled: true, result }
      }
    }
    return { labelled: false, result }
  })

  return {
    process(report: EvidenceReport): void {
      const { labelled, result } = apply(report)
      deps.onRecorded?.(report, result)
      if (labelled) deps.reclassify(report.infoHash!)
      if (report.type === 'grab' && report.infoHash && result !== 'duplicate') deps.onGrab?.(report.infoHash)
      deps.log.debug('evidence recorded', { instance: report.instance, event: report.event, infoHash: report.infoHash, labelled })
    },
  }
}
