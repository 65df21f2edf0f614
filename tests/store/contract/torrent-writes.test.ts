/**
 * The writers that classify, on every adapter: IngestStore (batches all or nothing, outcomes per
 * item in order, the policy asked as the port says, rule deletes that block, evidence scored on
 * arrival, swarm counts), ReclassifyStore (pages by id) and RerankStore (compare-and-swap).
 */
import { expect, test } from 'bun:test'
import type { Classification, ClassifyOutcome, GroundTruthLabel } from '../../../src/classify'
import { type EvidenceReport, evidenceEffectOf, evidenceScorer } from '../../../src/evidence'
import { type ClassifySubject, createClassifyStored, type IngestItem, type WritePolicies } from '../../../src/ingest'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'
import { defaultClassifier, defaultEvidenceWeights } from '../../support/test-index'

const NOW = 1_767_225_600
const hash = (n: number) => n.toString(16).padStart(40, '0')
const item = (n: number, overrides: Partial<IngestItem> = {}): IngestItem => ({
  infoHash: hash(n),
  infoHashV2: null,
  name: `Some.Movie.${n}.2020.1080p.BluRay.x264-GRP`,
  sizeBytes: 1_000_000,
  isPrivate: false,
  files: null,
  source: 'import',
  publishedAt: NOW - 100,
  seeders: null,
  leechers: null,
  ...overrides,
})

const LABEL: GroundTruthLabel = {
  contentType: 'movie',
  title: 'Some Movie',
  year: 2020,
  seasons: [],
  episodes: [],
  imdb: null,
  tmdb: null,
  tvdb: null,
  tvmaze: null,
  source: { instance: 'radarr-main', client: 'radarr' },
}

/** Records an *arr report as the evidence processor does, with the effect the evidence's formula gives it. */
async function recordReport(store: CoreStore, overrides: Partial<EvidenceReport>, atSeconds: number) {
  const report: EvidenceReport = {
    instance: 'sonarr',
    client: 'sonarr',
    event: 'Grab',
    type: 'grab',
    result: 'success',
    infoHash: null,
    occurredAt: new Date(atSeconds * 1000 - 500).toISOString(),
    receivedAt: new Date(atSeconds * 1000).toISOString(),
    label: null,
    payload: '{}',
    ...overrides,
  }
  await store.evidence.record(report, evidenceEffectOf(report, defaultEvidenceWeights), {
    duplicateWindowMs: 60_000,
    labelledAt: atSeconds,
  })
}

/** The core's policies, with every classification question recorded. */
function recordingPolicies() {
  const asked: ClassifySubject[] = []
  const classify = createClassifyStored(defaultClassifier)
  const policies: WritePolicies = {
    classify: (subject) => {
      asked.push(subject)
      return classify(subject)
    },
    scoreEvidence: evidenceScorer(defaultEvidenceWeights),
  }
  return { policies, asked }
}

describeStoreContract('TorrentWrites', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('a batch may carry one hash twice: outcomes per item in order', () =>
    withStore(async (store) => {
      const { ingest } = store.torrentWrites(recordingPolicies().policies)
      const result = await ingest.writeBatch([item(1), item(2), item(1, { source: 'dht', seeders: 7 })], NOW)
      expect(result.outcomes).toEqual(['imported', 'imported', 'updated'])
      expect((await ingest.writeBatch([item(2)], NOW + 1)).outcomes).toEqual(['updated'])
      expect(await store.counts.lastCrawledAt()).toBe(NOW - 100)
    }))

  test('a batch is all or nothing: an item that fails it leaves none of it stored', () =>
    withStore(async (store) => {
      const { ingest } = store.torrentWrites(recordingPolicies().policies)
      await expect(ingest.writeBatch([item(1), item(2, { sizeBytes: -5 }), item(3)], NOW)).rejects.toMatchObject({ code: 'store_failed' })
      expect(await adapter.fixtures(store).torrentEvidence(hash(1))).toBeNull()
      expect((await ingest.writeBatch([item(1)], NOW)).outcomes).toEqual(['imported'])
    }))

  test('the policy is asked with isNewRow, operator tags, the label and whether labels exist', () =>
    withStore(async (store) => {
      const { policies, asked } = recordingPolicies()
      const { ingest } = store.torrentWrites(policies)
      const preclassified: ClassifyOutcome = createClassifyStored(defaultClassifier)({
        name: item(1).name,
        sizeBytes: 1_000_000,
        files: null,
        operatorTags: [],
        label: null,
        labelsExist: false,
        isNewRow: true,
      })
      await ingest.writeBatch([item(1, { preclassified })], NOW)
      expect(asked).toEqual([
        {
          name: item(1).name,
          sizeBytes: 1_000_000,
          files: null,
          operatorTags: [],
          label: null,
          labelsExist: false,
          isNewRow: true,
          preclassified,
        },
      ])
      await store.operatorEdits.putTags([hash(1)], ['keep'], false)
      // A label for the hash arrives; the stored torrent is classified again under it.
      await recordReport(store, { infoHash: hash(1), type: 'download', event: 'Download', label: LABEL }, NOW)
      asked.length = 0
      await store.torrentWrites(policies).reclassify.reclassifyPage({ infoHashes: [hash(1)] }, 0, 10, NOW + 5)
      expect(asked).toHaveLength(1)
      expect(asked[0]).toMatchObject({
        operatorTags: ['keep'],
        isNewRow: false,
        labelsExist: true,
        label: { contentType: 'movie', title: 'Some Movie' },
      })
    }))

  test('evidence recorded before a torrent arrives is scored on arrival, a failed grab as a failure', () =>
    withStore(async (store) => {
      const { ingest } = store.torrentWrites(recordingPolicies().policies)
      await recordReport(store, { infoHash: hash(1) }, NOW - 300)
      await recordReport(store, { infoHash: hash(1), instance: 'sonarr-4k' }, NOW - 200)
      await recordReport(store, { infoHash: hash(1), result: 'failed', instance: 'sonarr-far' }, NOW - 100)
      await ingest.writeBatch([item(1), item(2)], NOW)
      const { grab, failurePenalty } = defaultEvidenceWeights
      const scored = await adapter.fixtures(store).torrentEvidence(hash(1))
      expect(scored!.grabs).toBe(2)
      expect(scored!.evidenceScore).toBeCloseTo(2 * grab - failurePenalty, 9)
      expect(await adapter.fixtures(store).torrentEvidence(hash(2))).toEqual({ grabs: 0, evidenceScore: 0 })
    }))

  test('a rule delete blocks the hash: a later batch answers deleted and stores nothing', () =>
    withStore(async (store) => {
      const { ingest } = store.torrentWrites({
        classify: (subject) =>
          subject.name.includes('banned') ? { deletedBy: 'test-rule' } : createClassifyStored(defaultClassifier)(subject),
        scoreEvidence: evidenceScorer(defaultEvidenceWeights),
      })
      expect((await ingest.writeBatch([item(1, { name: 'A banned thing' }), item(2)], NOW)).outcomes).toEqual(['deleted', 'imported'])
      expect((await ingest.writeBatch([item(1, { name: 'A banned thing' })], NOW + 1)).outcomes).toEqual(['deleted'])
      expect(await adapter.fixtures(store).torrentEvidence(hash(1))).toBeNull()
      const blocked = await store.operatorEdits.listBlocked(10, 0)
      expect(blocked.items.map(({ infoHash, reason, ruleId }) => ({ infoHash, reason, ruleId }))).toEqual([
        { infoHash: hash(1), reason: 'banned_rule', ruleId: 'test-rule' },
      ])
      await store.operatorEdits.deleteAndBlock([hash(2)], NOW + 2)
      expect((await ingest.writeBatch([item(2)], NOW + 3)).outcomes).toEqual(['blocked'])
    }))

  test('updateSwarms replaces the counts of stored torrents and skips unknown hashes', () =>
    withStore(async (store) => {
      const { ingest } = store.torrentWrites(recordingPolicies().policies)
      await ingest.writeBatch([item(1, { seeders: 50, leechers: 5 })], NOW)
      await ingest.updateSwarms(
        [
          { infoHash: hash(1), seeders: 3, leechers: null },
          { infoHash: hash(9), seeders: 1, leechers: 1 },
        ],
        NOW + 60,
      )
      expect(await store.counts.oldestSwarmCheckAt()).toBe(NOW + 60)
      expect(await adapter.fixtures(store).torrentEvidence(hash(9))).toBeNull()
    }))

  test('re-classification walks pages by id and counts what changed', () =>
    withStore(async (store) => {
      const writes = store.torrentWrites(recordingPolicies().policies)
      await writes.ingest.writeBatch([item(1), item(2), item(3)], NOW)
      expect(await writes.reclassify.count({})).toBe(3)
      expect(await writes.reclassify.count({ contentType: 'tv_show' })).toBe(0)
      const first = await writes.reclassify.reclassifyPage({}, 0, 2, NOW + 1)
      expect(first).toMatchObject({ processed: 2, changed: 0, deleted: 0 })
      const second = await writes.reclassify.reclassifyPage({}, first.lastId, 2, NOW + 1)
      expect(second).toMatchObject({ processed: 1, changed: 0, deleted: 0 })
      expect(second.lastId).toBeGreaterThan(first.lastId)
      expect(await writes.reclassify.reclassifyPage({}, second.lastId, 2, NOW + 1)).toEqual({
        processed: 0,
        changed: 0,
        deleted: 0,
        lastId: second.lastId,
      })
      // Under rules that now delete it, a torrent goes and is counted deleted.
      const strict = store.torrentWrites({
        classify: () => ({ deletedBy: 'new-rule' }),
        scoreEvidence: evidenceScorer(defaultEvidenceWeights),
      })
      expect(await strict.reclassify.reclassifyPage({ infoHashes: [hash(2)] }, 0, 10, NOW + 2)).toMatchObject({ processed: 1, deleted: 1 })
      expect(await writes.reclassify.count({})).toBe(2)
    }))

  test('the rerank stores only over the classification it saw, and only while pending', () =>
    withStore(async (store) => {
      const writes = store.torrentWrites(recordingPolicies().policies)
      const { classified } = await writes.ingest.writeBatch([item(1, { name: 'Mystery.Thing' })], NOW)
      const [entry] = classified
      expect(entry!.classification.status).toBe('pending')
      const reranked: Classification = { ...entry!.classification, contentType: 'movie', categories: [2000] }
      expect(await writes.rerank.replaceIfUnchanged(entry!.torrentId, NOW - 1, reranked, NOW + 1)).toBe(false)
      expect(await writes.rerank.replaceIfUnchanged(entry!.torrentId, entry!.classifiedAt, reranked, NOW + 1)).toBe(true)
      // Stored since at NOW + 1: the first opinion's time no longer matches.
      expect(await writes.rerank.replaceIfUnchanged(entry!.torrentId, entry!.classifiedAt, reranked, NOW + 2)).toBe(false)
    }))
})
