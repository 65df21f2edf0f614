/** The evidence store, on every adapter: repeats within the window, effects applied once, labels, listing and pruning. */
import { expect, test } from 'bun:test'
import type { GroundTruthLabel } from '../../../src/classify'
import type { EvidenceEffect, EvidenceReport } from '../../../src/evidence'
import { type CoreStore, openStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

const HASH = 'ab'.repeat(20)
const OTHER = 'cd'.repeat(20)
const T0 = Date.parse('2026-01-01T00:00:00.000Z')
const WINDOW = { duplicateWindowMs: 60_000, labelledAt: 1_767_225_600 }
const GRAB: EvidenceEffect = { grabs: 1, scoreDelta: 0.1, label: null }
const NONE: EvidenceEffect = { grabs: 0, scoreDelta: 0, label: null }
const LABEL: GroundTruthLabel = {
  contentType: 'movie',
  title: 'Sintel',
  year: 2010,
  seasons: [],
  episodes: [],
  imdb: 'tt1727587',
  tmdb: 45745,
  tvdb: null,
  tvmaze: null,
}

const report = (atMs: number, overrides: Partial<EvidenceReport> = {}): EvidenceReport => ({
  instance: 'sonarr',
  client: 'sonarr',
  event: 'Grab',
  type: 'grab',
  result: 'success',
  infoHash: HASH,
  occurredAt: new Date(atMs - 500).toISOString(),
  receivedAt: new Date(atMs).toISOString(),
  label: null,
  payload: `{"at":${atMs}}`,
  ...overrides,
})

describeStoreContract('EvidenceStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('a report of the same client kind, type and torrent within the window is a duplicate, whatever its instance', () =>
    withStore(async ({ evidence }) => {
      const results = [
        await evidence.record(report(T0), NONE, WINDOW),
        await evidence.record(report(T0 + 59_000, { instance: 'sonarr-4k' }), NONE, WINDOW),
        await evidence.record(report(T0 + 60_000), NONE, WINDOW),
        await evidence.record(report(T0 + 61_000), NONE, WINDOW),
        await evidence.record(report(T0 + 62_000, { client: 'radarr', instance: 'radarr' }), NONE, WINDOW),
        await evidence.record(report(T0 + 63_000, { type: 'import', event: 'Download' }), NONE, WINDOW),
        await evidence.record(report(T0 + 64_000, { infoHash: OTHER }), NONE, WINDOW),
        await evidence.record(report(T0 + 65_000, { result: 'failed' }), NONE, WINDOW),
      ]
      expect(results).toEqual(['success', 'duplicate', 'duplicate', 'success', 'success', 'success', 'success', 'duplicate'])
    }))

  test('the same report received by two stores on one index at once is recorded once as itself, the rest as duplicates', async () => {
    const config = await adapter.freshConfig()
    const [first, second] = [await openStore(config, { log: quietLog }), await openStore(config, { log: quietLog })]
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).evidence.record(report(T0), NONE, WINDOW)),
      )
      expect(results.filter((result) => result === 'success')).toHaveLength(1)
      expect(results.filter((result) => result === 'duplicate')).toHaveLength(7)
    } finally {
      await second.close()
      await first.close()
    }
  })

  test('a duplicate points at the report it repeats and keeps no body; a report naming no torrent is never one', () =>
    withStore(async ({ evidence }) => {
      await evidence.record(report(T0), NONE, WINDOW)
      await evidence.record(report(T0 + 30_000), NONE, WINDOW)
      await evidence.record(report(T0 + 59_000), NONE, WINDOW)
      const usenet = report(T0 + 1000, { infoHash: null, type: 'download', event: 'Download' })
      expect(await evidence.record(usenet, GRAB, WINDOW)).toBe('success')
      expect(await evidence.record({ ...usenet, receivedAt: new Date(T0 + 2000).toISOString() }, GRAB, WINDOW)).toBe('success')
      const { total, items } = await evidence.list({ infoHash: HASH, limit: 10, offset: 0 })
      expect(total).toBe(3)
      const [original, ...repeats] = [...items].reverse()
      expect(original).toMatchObject({ duplicateOf: null, result: 'success', payload: `{"at":${T0}}`, infoHash: HASH })
      for (const repeat of repeats) expect(repeat).toMatchObject({ duplicateOf: original!.id, result: 'duplicate', payload: '' })
    }))

  test('the effect moves a stored torrent once: a duplicate does nothing, and an unknown torrent is left alone', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      await fixtures.addTorrents([{ infoHash: HASH, name: 'Sintel.2010.1080p.BluRay.x264-GRP' }], T0 / 1000)
      await store.evidence.record(report(T0), GRAB, WINDOW)
      await store.evidence.record(report(T0 + 1000), GRAB, WINDOW)
      await store.evidence.record(report(T0 + 120_000, { result: 'failed' }), { grabs: 0, scoreDelta: -1, label: null }, WINDOW)
      expect(await fixtures.torrentEvidence(HASH)).toEqual({ grabs: 1, evidenceScore: expect.closeTo(-0.9, 9) })
      expect(await store.evidence.record(report(T0, { infoHash: OTHER }), GRAB, WINDOW)).toBe('success')
      expect(await fixtures.torrentEvidence(OTHER)).toBeNull()
    }))

  test('a label becomes the ground truth by its instance, waits for a torrent not stored yet, and a later one replaces it', () =>
    withStore(async (store) => {
      const fixtures = adapter.fixtures(store)
      const imported = report(T0, { type: 'import', event: 'Download', instance: 'radarr-4k', client: 'radarr', infoHash: OTHER })
      await store.evidence.record(imported, { grabs: 0, scoreDelta: 1, label: LABEL }, WINDOW)
      expect(await fixtures.groundTruth(OTHER)).toEqual({
        contentType: 'movie',
        title: 'Sintel',
        labelledBy: 'radarr-4k',
        labelledAt: WINDOW.labelledAt,
      })
      const again = { ...imported, instance: 'radarr', receivedAt: new Date(T0 + 120_000).toISOString() }
      await store.evidence.record(
        again,
        { grabs: 0, scoreDelta: 1, label: { ...LABEL, title: 'Sintel (2010)' } },
        {
          ...WINDOW,
          labelledAt: WINDOW.labelledAt + 120,
        },
      )
      expect(await fixtures.groundTruth(OTHER)).toMatchObject({
        title: 'Sintel (2010)',
        labelledBy: 'radarr',
        labelledAt: WINDOW.labelledAt + 120,
      })
      const repeated = { ...again, receivedAt: new Date(T0 + 121_000).toISOString() }
      await store.evidence.record(repeated, { grabs: 0, scoreDelta: 1, label: { ...LABEL, title: 'Not This' } }, WINDOW)
      expect(await fixtures.groundTruth(OTHER)).toMatchObject({ title: 'Sintel (2010)' })
    }))

  test('the listing is newest first and pages; every report is counted, duplicates included', () =>
    withStore(async ({ evidence }) => {
      for (let i = 0; i < 5; i++) await evidence.record(report(T0 + i * 1000, { infoHash: i % 2 ? OTHER : HASH }), NONE, WINDOW)
      const all = await evidence.list({ limit: 2, offset: 1 })
      expect(all.total).toBe(5)
      expect(all.items.map((item) => item.receivedAt)).toEqual([3000, 2000].map((ms) => new Date(T0 + ms).toISOString()))
      expect(all.items[0]).toMatchObject({
        instance: 'sonarr',
        client: 'sonarr',
        event: 'Grab',
        type: 'grab',
        result: 'duplicate',
        infoHash: OTHER,
        occurredAt: new Date(T0 + 2500).toISOString(),
      })
      expect((await evidence.list({ infoHash: OTHER, limit: 10, offset: 0 })).total).toBe(2)
      expect(await evidence.countAll()).toBe(5)
    }))

  test('pruning empties the oldest bodies first, keeps the facts, and the bytes kept follow', () =>
    withStore(async ({ evidence }) => {
      for (let i = 0; i < 4; i++) {
        const body = JSON.stringify({ i }).padEnd(1000, ' ')
        await evidence.record(report(T0 + i * 120_000, { payload: body }), NONE, WINDOW)
      }
      expect(await evidence.payloadBytes()).toBe(4000)
      expect(await evidence.prunePayloads(10, new Date(T0 + 200_000).toISOString())).toBe(2)
      expect(await evidence.payloadBytes()).toBe(2000)
      expect(await evidence.prunePayloads(1)).toBe(1)
      const { items } = await evidence.list({ limit: 10, offset: 0 })
      expect(items.map((item) => item.payload.length)).toEqual([1000, 0, 0, 0])
      expect(items.every((item) => item.result === 'success' && item.infoHash === HASH)).toBe(true)
      expect(await evidence.prunePayloads(10)).toBe(1)
      expect(await evidence.prunePayloads(10)).toBe(0)
      expect(await evidence.countAll()).toBe(4)
    }))
})
