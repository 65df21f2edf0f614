/**
 * A label or a grab on a stored torrent, recorded as the *arr report that brings it would be
 * (EvidenceStore.record), for tests that need one without the webhook.
 */
import type { GroundTruthLabel } from '../../src/classify'
import type { EvidenceEffect, EvidenceReport } from '../../src/evidence'
import type { CoreStore } from '../../src/store'

let reports = 0

function record(
  store: CoreStore,
  report: Omit<EvidenceReport, 'occurredAt' | 'receivedAt' | 'payload'>,
  effect: EvidenceEffect,
  at: number,
) {
  // A second apart, so no report is a repeat of another.
  const receivedAt = new Date(at * 1000 + ++reports * 1000).toISOString()
  return store.evidence.record({ ...report, occurredAt: receivedAt, receivedAt, payload: '{}' }, effect, {
    duplicateWindowMs: 0,
    labelledAt: at,
  })
}

/** An import by `instance` (a sonarr) labelling the torrent as ground truth at `labelledAt` (Unix seconds). */
export function recordLabel(store: CoreStore, infoHash: string, label: GroundTruthLabel, instance: string, labelledAt: number) {
  const report = {
    instance,
    client: 'sonarr' as const,
    event: 'Download',
    type: 'import' as const,
    result: 'success' as const,
    infoHash,
    label,
  }
  return record(store, report, { grabs: 0, scoreDelta: 0, label }, labelledAt)
}

/** A successful grab adding `weight` to the torrent's evidence score. */
export function recordGrab(store: CoreStore, infoHash: string, weight: number) {
  const report = {
    instance: 'sonarr',
    client: 'sonarr' as const,
    event: 'Grab',
    type: 'grab' as const,
    result: 'success' as const,
    infoHash,
    label: null,
  }
  return record(store, report, { grabs: 1, scoreDelta: weight, label: null }, 1_700_000_000)
}
