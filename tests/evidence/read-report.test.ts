/** Reading webhook bodies without a service: client kinds, labels, and the timestamp forms. */
import { describe, expect, test } from 'bun:test'
import { IntakeError } from '../../src/evidence/errors'
import type { EvidenceReport } from '../../src/evidence/model'
import { MAX_KEPT_PAYLOAD_BYTES, readEvidenceReport } from '../../src/evidence/read-report'
import { normaliseTimestamp } from '../../src/evidence/timestamps'
import { readarrDownload, sonarrV3Grab, sonarrV4Download, whisparrDownload } from '../support/arr-payloads'

const HASH = 'cd'.repeat(20)
const NOW = '2026-01-01T00:00:00.000Z'
const read = (body: unknown, instance = 'arr') => readEvidenceReport(JSON.stringify(body), instance, NOW) as EvidenceReport

describe('reading *arr webhooks', () => {
  test('a Readarr import of an .m4b is an audiobook, of an .epub an ebook', () => {
    expect(read(readarrDownload(HASH, 'Leaves of Grass.m4b')).label!.contentType).toBe('audiobook')
    expect(read(readarrDownload(HASH, 'Leaves of Grass.epub')).label).toMatchObject({
      contentType: 'ebook',
      title: 'Leaves of Grass',
      year: 1855,
    })
  })

  test('the client kind comes from the instance name first, then the payload shape', () => {
    const sonarrShaped = { ...sonarrV4Download(HASH), instanceName: 'TV' }
    expect(read(sonarrShaped).client).toBe('sonarr')
    // Whisparr v3 is Sonarr-shaped (sites as series, scenes as episodes): the name tells them apart.
    const whisparrV3 = read(sonarrShaped, 'whisparr-v3')
    expect(whisparrV3.client).toBe('whisparr')
    expect(whisparrV3.label!.contentType).toBe('xxx')
    expect(read(whisparrDownload(HASH), 'movies').label).toMatchObject({ contentType: 'xxx', imdb: null, tmdb: null, year: 2019 })
  })

  test('0 ids and empty imdb ids are absent; imdb ids are normalised; specials keep season 0', () => {
    const body = sonarrV4Download(HASH) as { series: Record<string, unknown>; episodes: Record<string, unknown>[] }
    body.series = { ...body.series, tvMazeId: 0, imdbId: '3843168' }
    body.episodes = [{ id: 1, seasonNumber: 0, episodeNumber: 3 }]
    expect(read(body).label).toMatchObject({ tvmaze: null, imdb: 'tt3843168', seasons: [0], episodes: [3] })
  })

  test('grabs and failures carry no label', () => {
    expect(read({ ...sonarrV4Download(HASH), eventType: 'Grab' }).label).toBeNull()
    expect(read({ ...sonarrV4Download(HASH), eventType: 'ManualInteractionRequired' }).label).toBeNull()
  })
})

describe('the kept payload', () => {
  test('a body up to 64 KiB is kept whole', () => {
    const body = JSON.stringify(sonarrV4Download(HASH))
    expect(readEvidenceReport(body, 'arr', NOW)).toMatchObject({ payload: body })
  })

  test('a 1 MiB body keeps its first 32 KiB, cut on a character boundary, and says how big it was', () => {
    // "é" is two bytes: the cut at 32 KiB falls inside one.
    const grab = JSON.stringify(sonarrV3Grab(HASH))
    const body = `${grab.slice(0, -1)},"padding":"x${'é'.repeat(500_000)}"}`
    const { payload } = readEvidenceReport(body, 'arr', NOW) as EvidenceReport
    const marker = `...[truncated: ${Buffer.byteLength(body)} bytes received]`
    expect(payload.endsWith(marker)).toBe(true)
    const kept = payload.slice(0, -marker.length)
    expect(body.startsWith(kept)).toBe(true)
    expect(Buffer.byteLength(kept)).toBe(MAX_KEPT_PAYLOAD_BYTES - 1)
  })
})

describe('timestamps', () => {
  test('reads every form and refuses what is not a time', () => {
    expect(normaliseTimestamp('2024-01-15T20:31:45.1234567Z', 'x')).toBe('2024-01-15T20:31:45.123Z')
    expect(normaliseTimestamp('2024-01-15', 'x')).toBe('2024-01-15T00:00:00.000Z')
    expect(normaliseTimestamp('2024-01-15T20:31:45-05:00', 'x')).toBe('2024-01-16T01:31:45.000Z')
    for (const bad of ['', 'soon', '2024-13-01', '2024-01-15T25:00:00Z', true, {}, '9999999999999999']) {
      expect(() => normaliseTimestamp(bad, 'x')).toThrow(IntakeError)
    }
  })
})
