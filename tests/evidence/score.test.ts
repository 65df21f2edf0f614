/** The evidence score's one formula: per report as it comes, and per torrent from reports recorded before it. */
import { describe, expect, test } from 'bun:test'
import type { GroundTruthLabel } from '../../src/classify'
import type { EvidenceReport } from '../../src/evidence/model'
import { evidenceEffectOf, evidenceScorer, type EvidenceTally } from '../../src/evidence/score'

const WEIGHTS = { grab: 1, success: 10, failurePenalty: 7 }
const LABEL: GroundTruthLabel = {
  contentType: 'tv_show',
  title: 'Severance',
  year: 2022,
  seasons: [1],
  episodes: [2],
  imdb: null,
  tmdb: null,
  tvdb: null,
  tvmaze: null,
}

const report = (overrides: Partial<EvidenceReport>): EvidenceReport => ({
  instance: 'sonarr',
  client: 'sonarr',
  event: 'Grab',
  type: 'grab',
  result: 'success',
  infoHash: 'ab'.repeat(20),
  occurredAt: '2026-01-01T00:00:00.000Z',
  receivedAt: '2026-01-01T00:00:00.000Z',
  label: null,
  payload: '{}',
  ...overrides,
})

describe('evidenceEffectOf', () => {
  test('a successful grab counts a grab and adds the grab weight', () => {
    expect(evidenceEffectOf(report({}), WEIGHTS)).toEqual({ grabs: 1, scoreDelta: 1, label: null })
  })

  test('a failed grab is a failure: the penalty comes off and no grab is counted', () => {
    expect(evidenceEffectOf(report({ result: 'failed', event: 'GrabFailed' }), WEIGHTS)).toEqual({ grabs: 0, scoreDelta: -7, label: null })
  })

  test('a failed import takes the penalty off', () => {
    expect(evidenceEffectOf(report({ type: 'import', result: 'failed' }), WEIGHTS)).toEqual({ grabs: 0, scoreDelta: -7, label: null })
  })

  test('a successful import adds the success weight and carries its label', () => {
    expect(evidenceEffectOf(report({ type: 'import', event: 'Download', label: LABEL }), WEIGHTS)).toEqual({
      grabs: 0,
      scoreDelta: 10,
      label: LABEL,
    })
  })

  test('a label on a grab or a failure is not applied', () => {
    expect(evidenceEffectOf(report({ label: LABEL }), WEIGHTS).label).toBeNull()
    expect(evidenceEffectOf(report({ type: 'download', result: 'failed', label: LABEL }), WEIGHTS).label).toBeNull()
  })
})

describe('evidenceScorer', () => {
  test('no reports score nothing', () => {
    expect(evidenceScorer(WEIGHTS)([])).toEqual({ grabs: 0, score: 0 })
  })

  test('reports recorded before the torrent add up to what each would have done on arrival; duplicates count nothing', () => {
    const tallies: EvidenceTally[] = [
      { type: 'grab', result: 'success', count: 3 },
      { type: 'grab', result: 'failed', count: 1 },
      { type: 'grab', result: 'duplicate', count: 40 },
      { type: 'import', result: 'success', count: 2 },
      { type: 'download', result: 'failed', count: 1 },
    ]
    expect(evidenceScorer(WEIGHTS)(tallies)).toEqual({ grabs: 3, score: 3 * 1 - 7 + 2 * 10 - 7 })
  })

  test('one formula: the catch-up of a report equals its effect on arrival, for every type and result', () => {
    for (const type of ['grab', 'download', 'import'] as const)
      for (const result of ['success', 'failed'] as const) {
        const effect = evidenceEffectOf(report({ type, result }), WEIGHTS)
        expect(evidenceScorer(WEIGHTS)([{ type, result, count: 1 }])).toEqual({ grabs: effect.grabs, score: effect.scoreDelta })
      }
  })
})
