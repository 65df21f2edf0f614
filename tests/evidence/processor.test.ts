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
  test('the same grab under 50 instance names within 60 s is one report: the rest point at it and keep no body', () => {
    const { processor, rows } = openProcessor()
    for (let i = 1; i <= 50; i++) processor.process(grab(`sonarr-${i}`, T0 + i * 1000 - 1000))
    const [original, ...repeats] = rows()
    expect(original).toMatchObject({
      instance: 'sonarr-1',
      result: 'success',
      duplicate_of: null,
      payload: '{"eventType":"Grab","instance":"sonarr-1"}',
    })
    expect(repeats).toHaveLength(49)
    for (const repeat of repeats) expect(repeat).toMatchObject({ result: 'duplicate', duplicate_of: original!.id, payload: '' })
    expect(repeats.map((row) => row.instance)).toEqual(Array.from({ length: 49 }, (_, i) => `sonarr-${i + 2}`))
  })

  test('a grab counts again after 60 s, from another client kind, or as another type', () => {
    const { processor, rows } = openProcessor()
    processor.process(grab('sonarr', T0))
    processor.process(grab('radarr', T0 + 1000, { client: 'radarr' }))
    processor.process(grab('sonarr-4k', T0 + 2000, { type: 'import', event: 'Download' }))
    processor.process(grab('sonarr-4k', T0 + 60_000))
    processor.process(grab('sonarr-4k', T0 + 60_001))
    expect(rows().map((row) => [row.instance, row.result, row.duplicate_of])).toEqual([
      ['sonarr', 'success', null],
      ['radarr', 'success', null],
      ['sonarr-4k', 'success', null],
      ['sonarr-4k', 'duplicate', 1],
      ['sonarr-4k', 'success', null],
    ])
  })

  test('a repeat of a repeat points at the original report', () => {
    const { processor, rows } = openProcessor()
    processor.process(grab('sonarr', T0))
    processor.process(grab('sonarr', T0 + 30_000))
    processor.process(grab('sonarr', T0 + 59_000))
    expect(rows().map((row) => row.duplicate_of)).toEqual([null, 1, 1])
  })
})
