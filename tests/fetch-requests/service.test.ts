import { describe, expect, test } from 'bun:test'
import {
  CrawlerOffError,
  createFetchService,
  type FetchCrawler,
  type FetchRequestStore,
  InvalidFetchTargetError,
} from '../../src/fetch-requests'
import type { IngestPipeline } from '../../src/ingest'
import { waitFor } from '../support/dht-probe'
import { openTestIndex, quietLog } from '../support/test-index'

const A = 'aa'.repeat(20)
const B = 'bb'.repeat(20)

/** Stores a torrent by hash, as any import would. */
function storeTorrent(pipeline: IngestPipeline, infoHash: string, name: string): void {
  pipeline.submit(
    {
      infoHash,
      infoHashV2: null,
      name,
      sizeBytes: 1,
      isPrivate: false,
      files: null,
      source: 'import',
      publishedAt: null,
      seeders: null,
      leechers: null,
    },
    undefined,
  )
  pipeline.flush()
}

/** The service of the next run on the same store, recording what it sends the crawler. */
function nextRun(store: FetchRequestStore, crawler: FetchCrawler) {
  const calls: string[] = []
  const next = createFetchService({
    store,
    crawler: { ...crawler, fetch: (order) => calls.push(order.infoHash) },
    timeoutMs: 60_000,
    log: quietLog,
  })
  return { next, calls }
}

function build(timeoutMs = 60_000) {
  const { db, pipeline, store } = openTestIndex()
  const repository = store.fetchRequests
  const calls: string[] = []
  const crawler = {
    fetch: (order: { infoHash: string; peers: { host: string; port: number }[] }) =>
      calls.push(`fetch ${order.infoHash} ${order.peers.map((peer) => `${peer.host}:${peer.port}`).join(',')}`),
    cancelFetch: (infoHash: string) => calls.push(`cancel ${infoHash}`),
  }
  const service = createFetchService({ store: repository, crawler, timeoutMs, log: quietLog })
  return { db, pipeline, repository, crawler, calls, service }
}

describe('fetch requests', () => {
  test('queued, then searching as the crawler reports, then found once stored; the crawler is told to stop', async () => {
    const { service, calls } = build()
    const [request] = await service.request([`magnet:?xt=urn:btih:${A}&x.pe=[::1]:6881&x.pe=192.0.2.7:1`])
    expect(request).toMatchObject({ infoHash: A, state: 'queued', peers: ['[::1]:6881', '192.0.2.7:1'] })
    expect(calls).toEqual([`fetch ${A} ::1:6881,192.0.2.7:1`])
    await service.attempted(A, 'looking for peers')
    expect((await service.list(10))[0]).toMatchObject({ state: 'searching', detail: 'looking for peers' })
    await service.onStored([B, A])
    expect((await service.list(10))[0]).toMatchObject({ state: 'found', detail: 'indexed' })
    expect(calls.at(-1)).toBe(`cancel ${A}`)
    // A closed request does not move again.
    await service.attempted(A, 'late news')
    expect((await service.list(10))[0]!.state).toBe('found')
    service.stop()
  })

  test('asked again while open, a hash keeps its request and is not sent twice', async () => {
    const { service, calls } = build()
    const first = (await service.request([A]))[0]!
    const again = (await service.request([A.toUpperCase()]))[0]!
    expect(again.requestedAtMs).toBe(first.requestedAtMs)
    expect(calls).toHaveLength(1)
    service.stop()
  })

  test('a hash already indexed is found at once, without the crawler', async () => {
    const { service, calls, pipeline } = build()
    storeTorrent(pipeline, B, 'Known.Release')
    expect((await service.request([B]))[0]).toMatchObject({ state: 'found', detail: 'already in the index' })
    expect(calls).toEqual([])
    service.stop()
  })

  test('not found at the deadline, with the last try; the crawler is told to stop', async () => {
    const { service, calls } = build(100)
    await service.request([A])
    await service.attempted(A, 'no peer found in the DHT')
    // The deadline's timer gives up on it; nothing else changes the request.
    await waitFor(async () => (await service.list(10))[0]?.state !== 'searching', 30_000, 10)
    expect((await service.list(10))[0]).toMatchObject({
      state: 'not_found',
      detail: 'not found within 0 s (last try: no peer found in the DHT)',
    })
    expect(calls.at(-1)).toBe(`cancel ${A}`)
  })

  test('open requests are taken up again by the next run, with the deadline they had', async () => {
    const { service, repository, crawler } = build()
    await service.request([A])
    service.stop()
    const { next, calls } = nextRun(repository, crawler)
    await next.resume()
    expect(calls).toEqual([A])
    next.stop()
  })

  test('bad input changes nothing; no crawler, no fetch', async () => {
    const { service, repository, calls } = build()
    await expect(service.request([A, 'nope'])).rejects.toThrow(InvalidFetchTargetError)
    await expect(service.request([])).rejects.toThrow(InvalidFetchTargetError)
    expect(await repository.list(10)).toEqual([])
    expect(calls).toEqual([])
    const off = createFetchService({ store: repository, crawler: null, timeoutMs: 1_000, log: quietLog })
    await expect(off.request([A])).rejects.toThrow(CrawlerOffError)
  })

  test('a change the store refuses, reported by the crawler or the ingest, is logged and never rejects', async () => {
    const { store } = openTestIndex()
    const warnings: string[] = []
    const refusing = { ...store.fetchRequests, transition: () => Promise.reject(new Error('database is locked')) }
    const crawler = { fetch: () => {}, cancelFetch: () => {} }
    const service = createFetchService({
      store: refusing,
      crawler,
      timeoutMs: 60_000,
      log: { ...quietLog, warn: (msg) => void warnings.push(msg) },
    })
    await service.request([A])
    await service.attempted(A, 'looking for peers')
    await service.onStored([A])
    await service.refused(B, 'banned')
    expect(warnings).toEqual(['fetch request not updated', 'fetch request not closed', 'fetch request not closed'])
    service.stop()
  })

  test('a restart ends the open requests whose torrent arrived meanwhile, and sends only the others', async () => {
    const { service, repository, crawler, pipeline } = build()
    await service.request([A, B])
    service.stop()
    storeTorrent(pipeline, B, 'Arrived.Meanwhile')
    const { next, calls } = nextRun(repository, crawler)
    await next.resume()
    expect(calls).toEqual([A])
    expect(await repository.get(B)).toMatchObject({ state: 'found', detail: 'indexed' })
    expect(await repository.get(A)).toMatchObject({ state: 'queued' })
    next.stop()
  })

  test('requests another process saves are taken up when the store tells of them, once each; a pass the store fails leaves the next to run', async () => {
    const { store, pipeline } = openTestIndex()
    let tell = () => {}
    let listFailures = 0
    const shared: FetchRequestStore = {
      ...store.fetchRequests,
      // The PostgreSQL store tells of another process's saves; here the test tells.
      onExternalChange: (listener) => {
        tell = listener
        return () => {}
      },
      listOpen: () => (listFailures-- > 0 ? Promise.reject(new Error('connection reset')) : store.fetchRequests.listOpen()),
    }
    const api = createFetchService({ store: store.fetchRequests, crawler: 'elsewhere', timeoutMs: 60_000, log: quietLog })
    const warnings: string[] = []
    const calls: string[] = []
    const crawling = createFetchService({
      store: shared,
      crawler: { fetch: (order) => void calls.push(order.infoHash), cancelFetch: () => {} },
      timeoutMs: 60_000,
      log: { ...quietLog, warn: (msg) => void warnings.push(msg) },
    })
    await crawling.resume()

    // The api keeps the request and sends nothing: it has no crawler.
    expect(await api.request([A])).toMatchObject([{ infoHash: A, state: 'queued' }])
    listFailures = 1
    tell()
    await waitFor(() => warnings.length === 1, 10_000)
    expect(warnings).toEqual(['fetch requests not taken up'])
    expect(calls).toEqual([])

    // The next word is heard: A taken up; B, stored meanwhile, ends as found; A is not sent twice.
    await api.request([B])
    storeTorrent(pipeline, B, 'Stored.Elsewhere')
    await waitFor(async () => (await store.fetchRequests.indexed([B])).has(B), 10_000)
    tell()
    tell()
    await waitFor(async () => (await store.fetchRequests.get(B))?.state === 'found', 10_000)
    expect(calls).toEqual([A])
    expect(await store.fetchRequests.get(B)).toMatchObject({ detail: 'indexed' })
    crawling.stop()
    api.stop()
  })
})
