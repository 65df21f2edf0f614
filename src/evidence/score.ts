import type { GroundTruthLabel } from '../classify'
import type { EvidenceConfig } from '../config'
import type { EvidenceReport, EvidenceResult, EvidenceType } from './model'

export type EvidenceWeights = EvidenceConfig['weights']

/** What a counted report does to its torrent's counters. */
export interface EvidenceCounts {
  grabs: number
  scoreDelta: number
}

/** What a counted report does to its torrent: its counters and, for a labelled success, its ground truth. */
export interface EvidenceEffect extends EvidenceCounts {
  label: GroundTruthLabel | null
}

/** Recorded reports of one torrent of one type and result, for the score of a torrent that arrives after them. */
export interface EvidenceTally {
  type: EvidenceType
  result: EvidenceResult
  count: number
}

/**
 * The one formula of the evidence score: a failure (a failed grab included) takes the penalty off
 * and counts no grab; a successful grab counts a grab and adds its weight; any other success adds
 * the success weight. A duplicate does nothing: the report it repeats was counted.
 */
function countsOf(type: EvidenceType, result: EvidenceResult, weights: EvidenceWeights): EvidenceCounts {
  if (result === 'duplicate') return { grabs: 0, scoreDelta: 0 }
  if (result === 'failed') return { grabs: 0, scoreDelta: -weights.failurePenalty }
  if (type === 'grab') return { grabs: 1, scoreDelta: weights.grab }
  return { grabs: 0, scoreDelta: weights.success }
}

/** What one report, counted as it came, does to its torrent. */
export function evidenceEffectOf(report: EvidenceReport, weights: EvidenceWeights): EvidenceEffect {
  const counts = countsOf(report.type, report.result, weights)
  const label = report.result === 'success' && report.type !== 'grab' ? report.label : null
  return { ...counts, label }
}

/**
 * A torrent's grabs and score from the reports recorded before it arrived: the sum of what each
 * would have done, so a torrent scores the same whether its evidence came before or after it.
 */
export function evidenceScorer(weights: EvidenceWeights): (tallies: readonly EvidenceTally[]) => { grabs: number; score: number } {
  return (tallies) => {
    let grabs = 0
    let score = 0
    for (const tally of tallies) {
      const counts = countsOf(tally.type, tally.result, weights)
      grabs += counts.grabs * tally.count
      score += counts.scoreDelta * tally.count
    }
    return { grabs, score }
  }
}
