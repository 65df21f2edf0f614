/** The processor on a real database: which reports are repeats, and what a repeat keeps. */
import { describe, expect, test } from 'bun:test'
import type { EvidenceReport } from '../../src/evidence/model'
import { createEvidenceProcessor } from '../../src/evidence/processor'
import { createEvidenceRepository } from '../../src/evidence/repository'
import { defaultEvidenceWeights, openTestIndex, quietLog } from '../support/test-index'

const HASH = 'ef'.repeat(20)
const T0 = Date.parse('2026-01-01T00:00:00.000Z')

function openProcessor() {
  const { db, torrents } = openTestIndex()
  const processor = createEvidenceProcessor({
    db,
    repository: createEvidenceRepository(db),
    effects: torrents.evidence,
    weights: defaultEvidenceWeights,
    reclassify: () => {},
    log: quietLog,
  })
  const rows = () =>
    db.sqlite
      .query<{ id: number; instance: string; client: string; result: string; duplicate_of: number | null; payload: string }, []>(
        'SELECT id, instance, client, result, duplicate_of, payload FROM evidence ORDER BY id',
      )
      .all()
  return { processor, rows }
}

const grab = (instance: string, atMs: number, overrides: Partial<EvidenceReport> = {}): EvidenceReport => ({
  instance,
  client: 'sonarr',
  event: 'Grab',
  type: 'grab',
  result: 'success',
  infoHash: HASH,
  occurredAt: new Date(atMs).toISOString(),
  receivedAt: new Date(atMs).toISOString(),
  label: null,
  payload: `{"eventType":"Grab","instance":"${instance}"}`,
  ...overrides,
})

describe('createEvidenceProcessor', () => {
  test('a repeat of a repeat points at the original report', () => {
    const { processor, rows } = openProcessor()
    processor.process(grab('sonarr', T0))
    processor.process(grab('sonarr', T0 + 30_000))
    processor.process(grab('sonarr', T0 + 59_000))
    expect(rows().map((row) => row.duplicate_of)).toEqual([null, 1, 1])
  })
})
