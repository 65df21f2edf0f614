/** The processor on a real database: which reports are repeats, and what a repeat keeps. */
import { expect, test } from 'bun:test'
import type { EvidenceReport } from '../../src/evidence/model'
import { createEvidenceProcessor } from '../../src/evidence/processor'
import { parseImportLine } from '../../src/importer'
import { openEngineIndex } from '../support/engine-index'
import { describeOnEngines, type EngineUnderTest } from '../support/engines'
import { defaultEvidenceWeights, quietLog } from '../support/test-index'

const HASH = 'ef'.repeat(20)
const T0 = Date.parse('2026-01-01T00:00:00.000Z')

interface EvidenceRow {
  id: number
  instance: string
  client: string
  result: string
  duplicate_of: number | null
  payload: string
}

async function openProcessor(engine: EngineUnderTest) {
  const { store, pipeline, sql, fixtures } = await openEngineIndex(engine)
  const reclassified: string[] = []
  const processor = createEvidenceProcessor({
    store: store.evidence,
    weights: defaultEvidenceWeights,
    reclassify: (infoHash) => reclassified.push(infoHash),
    log: quietLog,
  })
  const rows = async (): Promise<EvidenceRow[]> =>
    (await sql.all<EvidenceRow>('SELECT id, instance, client, result, duplicate_of, payload FROM evidence ORDER BY id')).map((row) => ({
      ...row,
      id: Number(row.id),
      duplicate_of: row.duplicate_of === null ? null : Number(row.duplicate_of),
    }))
  const index = async (infoHash: string, name: string) => {
    const parsed = parseImportLine(JSON.stringify({ infoHash, name, size: 1_000_000 }))
    if (!parsed.ok) throw new Error(parsed.reason)
    pipeline.submit(parsed.item)
    await pipeline.flush()
  }
  const torrent = (infoHash: string) => fixtures.torrentEvidence(infoHash)
  return { processor, rows, index, torrent, reclassified, groundTruth: fixtures.groundTruth }
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

describeOnEngines('createEvidenceProcessor', (engine) => {
  test('the same grab under 50 instance names within 60 s is one report: the rest point at it and keep no body', async () => {
    const { processor, rows } = await openProcessor(engine)
    for (let i = 1; i <= 50; i++) await processor.process(grab(`sonarr-${i}`, T0 + i * 1000 - 1000))
    const [original, ...repeats] = await rows()
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

  test('a grab counts again after 60 s, from another client kind, or as another type', async () => {
    const { processor, rows } = await openProcessor(engine)
    await processor.process(grab('sonarr', T0))
    await processor.process(grab('radarr', T0 + 1000, { client: 'radarr' }))
    await processor.process(grab('sonarr-4k', T0 + 2000, { type: 'import', event: 'Download' }))
    await processor.process(grab('sonarr-4k', T0 + 60_000))
    await processor.process(grab('sonarr-4k', T0 + 60_001))
    expect((await rows()).map((row) => [row.instance, row.result, row.duplicate_of])).toEqual([
      ['sonarr', 'success', null],
      ['radarr', 'success', null],
      ['sonarr-4k', 'success', null],
      ['sonarr-4k', 'duplicate', 1],
      ['sonarr-4k', 'success', null],
    ])
  })

  test('a repeat of a repeat points at the original report', async () => {
    const { processor, rows } = await openProcessor(engine)
    await processor.process(grab('sonarr', T0))
    await processor.process(grab('sonarr', T0 + 30_000))
    await processor.process(grab('sonarr', T0 + 59_000))
    expect((await rows()).map((row) => row.duplicate_of)).toEqual([null, 1, 1])
  })

  test('a failed grab is a failure: the penalty comes off the score and no grab is counted', async () => {
    const { processor, index, torrent } = await openProcessor(engine)
    await index(HASH, 'Some.Show.S01E01.720p.HDTV.x264-GRP')
    await processor.process(grab('sonarr', T0, { result: 'failed', event: 'GrabFailed' }))
    expect(await torrent(HASH)).toEqual({ grabs: 0, evidenceScore: -defaultEvidenceWeights.failurePenalty })
    await processor.process(grab('sonarr', T0 + 120_000))
    expect(await torrent(HASH)).toEqual({ grabs: 1, evidenceScore: defaultEvidenceWeights.grab - defaultEvidenceWeights.failurePenalty })
  })

  test('a labelled import becomes ground truth and its torrent is re-classified; a duplicate of it is not', async () => {
    const { processor, index, reclassified, groundTruth } = await openProcessor(engine)
    await index(HASH, 'Some.Show.S01E01.720p.HDTV.x264-GRP')
    const label = {
      contentType: 'tv_show' as const,
      title: 'Some Show',
      year: null,
      seasons: [1],
      episodes: [1],
      imdb: null,
      tmdb: null,
      tvdb: 1,
      tvmaze: null,
    }
    await processor.process(grab('sonarr', T0, { type: 'import', event: 'Download', label }))
    await processor.process(grab('sonarr', T0 + 1000, { type: 'import', event: 'Download', label }))
    expect(reclassified).toEqual([HASH])
    expect(await groundTruth(HASH)).toMatchObject({ contentType: 'tv_show', title: 'Some Show' })
  })
})
