/** The artwork enrichment's store, on every adapter: the feed of titles, the backlog's order, matches and the cache. */
import { expect, test } from 'bun:test'
import type { ContentKey, TmdbCandidate } from '../../../src/enrichment'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const hash = (n: number) => n.toString(16).padStart(40, '0')
const NOW = 1_767_225_600
const MATRIX: ContentKey = { contentType: 'movie', title: 'the matrix', year: 1999 }
const BREAKING: ContentKey = { contentType: 'tv_show', title: 'breaking bad', year: 0 }
const DUNE: ContentKey = { contentType: 'movie', title: 'dune', year: 2021 }

const candidate = (tmdbId: number, title: string): TmdbCandidate => ({
  tmdbId,
  title,
  originalTitle: title,
  originalLanguage: 'en',
  releaseDate: '1999-03-30',
  posterPath: '/poster.jpg',
  overview: 'Overview.',
  genreIds: [28],
  popularity: 80.5,
  voteAverage: 8.2,
  voteCount: 25_000,
})

describeStoreContract('EnrichmentStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  /** Three titled works (one in two releases) and one untitled torrent, published in this order. */
  const fill = (store: CoreStore) =>
    adapter.fixtures(store).addTorrents(
      [
        { infoHash: hash(1), name: 'The.Matrix.1999.1080p.BluRay.x264-GROUP', publishedAt: NOW - 400 },
        { infoHash: hash(2), name: 'Breaking.Bad.S01E02.720p.HDTV.x264-GRP', publishedAt: NOW - 300 },
        { infoHash: hash(3), name: 'linux-distro-install-image.iso', publishedAt: NOW - 200 },
        { infoHash: hash(4), name: 'Dune.2021.2160p.WEB-DL.x265-GRP', publishedAt: NOW - 100 },
        { infoHash: hash(5), name: 'The.Matrix.1999.720p.WEB.x264-OTHER', publishedAt: NOW - 50 },
      ],
      NOW,
    )

  test('a new index has fed nothing and looks nothing up; the switch and the start of the feed are kept', () =>
    withStore(async (store) => {
      const { enrichment } = store
      expect(await enrichment.feedState()).toEqual({ artworkEnabled: false, fedThrough: null, backfillBefore: null })
      await enrichment.setArtworkEnabled(true)
      expect((await enrichment.feedState()).artworkEnabled).toBe(true)
      const ids = await fill(store)
      expect(await enrichment.maxTorrentId()).toBe(Math.max(...ids))
      const start = await enrichment.startFeeding()
      expect(start).toEqual({ fedThrough: Math.max(...ids), backfillBefore: Math.max(...ids) + 1 })
      expect(await enrichment.feedState()).toEqual({ artworkEnabled: true, ...start })
      await enrichment.setArtworkEnabled(false)
      expect((await enrichment.feedState()).artworkEnabled).toBe(false)
    }))

  test('feeding a range makes one waiting title per work, newest first, and moves the feed', () =>
    withStore(async (store) => {
      const ids = await fill(store)
      const top = Math.max(...ids)
      await store.enrichment.feedRange(0, top, { fedThrough: top, backfillBefore: 0 })
      expect(await store.enrichment.feedState()).toMatchObject({ fedThrough: top, backfillBefore: 0 })
      expect(await store.enrichment.nextPending(10)).toEqual([MATRIX, DUNE, BREAKING])
      expect(await store.enrichment.nextPending(1)).toEqual([MATRIX])
      expect(await store.enrichment.counts()).toEqual({ pending: 3, resolved: 0, notFound: 0 })
    }))

  test('a range feeds only its own torrents: (from, to]', () =>
    withStore(async (store) => {
      const ids = await fill(store)
      await store.enrichment.feedRange(ids[0]!, ids[1]!, { fedThrough: ids[1]!, backfillBefore: 0 })
      expect(await store.enrichment.nextPending(10)).toEqual([BREAKING])
    }))

  test('a grabbed title comes first, fed grabbed or moved up later; prioritise counts the titles it moved', () =>
    withStore(async (store) => {
      const ids = await fill(store)
      const top = Math.max(...ids)
      await store.evidence.record(
        {
          instance: 'sonarr',
          client: 'sonarr',
          event: 'Grab',
          type: 'grab',
          result: 'success',
          infoHash: hash(2),
          occurredAt: '2026-01-01T00:00:00.000Z',
          receivedAt: '2026-01-01T00:00:00.000Z',
          label: null,
          payload: '{}',
        },
        { grabs: 1, scoreDelta: 0.1, label: null },
        { duplicateWindowMs: 60_000, labelledAt: NOW },
      )
      await store.enrichment.feedRange(0, top, { fedThrough: top, backfillBefore: 0 })
      expect(await store.enrichment.nextPending(10)).toEqual([BREAKING, MATRIX, DUNE])
      expect(await store.enrichment.prioritise(hash(4))).toBe(1)
      expect(await store.enrichment.prioritise(hash(3))).toBe(0)
      expect(await store.enrichment.nextPending(10)).toEqual([DUNE, BREAKING, MATRIX])
    }))

  test('a match stores the work once and settles its title; another title of it links to the same work', () =>
    withStore(async (store) => {
      const { enrichment } = store
      const ids = await fill(store)
      const top = Math.max(...ids)
      await enrichment.feedRange(0, top, { fedThrough: top, backfillBefore: 0 })
      expect(await enrichment.contentIdOf('movie', 603)).toBeNull()
      const extra = { posterUrl: 'https://image.example/w500/poster.jpg', genres: '[{"id":28,"name":"Action"}]' }
      const id = await enrichment.saveMatch(MATRIX, candidate(603, 'The Matrix'), { imdbId: 'tt0133093', tvdbId: null }, extra, NOW)
      expect(await enrichment.contentIdOf('movie', 603)).toBe(id)
      expect(await enrichment.contentIdOf('tv_show', 603)).toBeNull()
      const again = await enrichment.saveMatch(
        DUNE,
        candidate(603, 'The Matrix (refreshed)'),
        { imdbId: 'tt0133093', tvdbId: null },
        extra,
        NOW + 1,
      )
      expect(again).toBe(id)
      await enrichment.linkKey(BREAKING, id, NOW + 2)
      expect(await enrichment.nextPending(10)).toEqual([])
      expect(await enrichment.counts()).toEqual({ pending: 0, resolved: 3, notFound: 0 })
    }))

  test('a title not found waits until it is requeued, and only when it was checked before the time given', () =>
    withStore(async (store) => {
      const { enrichment } = store
      const ids = await fill(store)
      const top = Math.max(...ids)
      await enrichment.feedRange(0, top, { fedThrough: top, backfillBefore: 0 })
      await enrichment.markNotFound(MATRIX, NOW - 1000)
      await enrichment.markNotFound(DUNE, NOW)
      expect(await enrichment.counts()).toEqual({ pending: 1, resolved: 0, notFound: 2 })
      expect(await enrichment.requeueNotFound(NOW - 500)).toBe(1)
      expect(await enrichment.nextPending(10)).toEqual([MATRIX, BREAKING])
      // Seen again in a later feed, a title keeps its status: the cache.
      await enrichment.feedRange(0, top, { fedThrough: top, backfillBefore: 0 })
      expect(await enrichment.counts()).toEqual({ pending: 2, resolved: 0, notFound: 1 })
    }))
})
