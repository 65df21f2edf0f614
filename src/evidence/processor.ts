import type { EvidenceConfig } from '../config'
import type { Logger } from '../log'
import type { EvidenceReport, EvidenceResult } from './model'
import { evidenceEffectOf } from './score'
import type { EvidenceStore } from './store-port'

export const EVIDENCE_QUEUE = 'evidence'

/**
 * Reports of one (client kind, type, torrent) this close together are one report, repeated,
 * whatever instance name they came under: the name is only a path segment, and the same grab
 * posted under sonarr-1 ... sonarr-50 would otherwise count 50 grabs. Two real instances of one
 * kind grabbing, importing or failing the same torrent within a minute is rare; an import or a
 * failure moves the score ten times as much as a grab, so the rule holds for every type.
 */
export const DUPLICATE_WINDOW_MS = 60_000

export interface EvidenceProcessorDeps {
  store: EvidenceStore
  weights: EvidenceConfig['weights']
  /** Re-runs classification for one torrent, so a new label takes effect (categories, ids). */
  reclassify: (infoHash: string) => unknown
  /** A grabbed torrent is worth fresh swarm counts (the crawler's scrape), when a crawler runs. */
  onGrab?: (infoHash: string) => void
  /** Each recorded report, for the metrics. */
  onRecorded?: (report: EvidenceReport, result: EvidenceResult) => void
  nowMs?: () => number
  log: Logger
}

/**
 * Turns one queued report into its record and its effects (score.ts), stored together: a repeat
 * within 60 s (from any instance of the same client kind) is recorded as `duplicate`, pointing at
 * the report it repeats, and does nothing; a successful grab counts; a success adds to the
 * evidence score and, with a label, makes it ground truth (the torrent is then re-classified:
 * confirmed, its categories and ids follow); a failure, a failed grab included, takes the penalty
 * off the score.
 */
export function createEvidenceProcessor(deps: EvidenceProcessorDeps) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  return {
    async process(report: EvidenceReport): Promise<void> {
      const effect = evidenceEffectOf(report, deps.weights)
      const result = await deps.store.record(report, effect, {
        duplicateWindowMs: DUPLICATE_WINDOW_MS,
        labelledAt: Math.floor(nowMs() / 1000),
      })
      const labelled = result !== 'duplicate' && report.infoHash !== null && effect.label !== null
      deps.onRecorded?.(report, result)
      if (labelled) await deps.reclassify(report.infoHash!)
      if (report.type === 'grab' && report.infoHash && result !== 'duplicate') deps.onGrab?.(report.infoHash)
      deps.log.debug('evidence recorded', { instance: report.instance, event: report.event, infoHash: report.infoHash, labelled })
    },
  }
}
