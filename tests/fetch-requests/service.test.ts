import { describe, expect, test } from 'bun:test'
import { CrawlerOffError, createFetchRequestRepository, createFetchService, InvalidFetchTargetError } from '../../src/fetch-requests'
import { waitFor } from '../support/dht-probe'
import { openTestIndex, quietLog } from '../support/test-index'

const A = 'aa'.repeat(20)
const B = 'bb'.repeat(20)

function build(timeoutMs = 60_000) {
  const { db, pipeline } = openTestIndex()
  const repository = createFetchRequestRepository(db)
  const calls: string[] = []
  const crawler = {
    fetch: (order: { infoHash: string; peers: { host: string; port: number }[] }) =>
      calls.push(`fetch ${order.infoHash} ${order.peers.map((peer) => `${peer.host}:${peer.port}`).join(',')}`),
    cancelFetch: (infoHash: string) => calls.push(`cancel ${infoHash}`),
  }
  const service = createFetchService({ repository, crawler, timeoutMs, log: quietLog })
  return { db, pipeline, repository, crawler, calls, service }
}

describe('fetch requests', () => {
  test('queued, then searching as the crawler reports, then found once stored; the crawler is told to stop', () => {
    const { service, calls } = build()
    const [request] = service.request([`magnet:?xt=urn:btih:${A}&x.pe=[::1]:6881&x.pe=192.0.2.7:1`])
    expect(request).toMatchObject({ infoHash: A, state: 'queued', peers: ['[::1]:6881', '192.0.2.7:1'] })
    expect(calls).toEqual([`fetch ${A} ::1:6881,192.0.2.7:1`])
    service.attempted(A, 'looking for peers')
    expect(service.list(10)[0]).toMatchObject({ state: 'searching', detail: 'looking for peers' })
    service.onStored([B, A])
    expect(service.list(10)[0]).toMatchObject({ state: 'found', detail: 'indexed' })
    expect(calls.at(-1)).toBe(`cancel ${A}`)
    // A closed request does not move again.
    service.attempted(A, 'late news')
    expect(service.list(10)[0]!.state).toBe('found')
    service.stop()
  })

  test('asked again while open, a hash keeps its request and is not sent twice', () => {
    const { service, calls } = build()
    const first = service.request([A])[0]!
    const again = service.request([A.toUpperCase()])[0]!
    expect(again.requestedAtMs).toBe(first.requestedAtMs)
    expect(calls).toHaveLength(1)
    service.stop()
  })

  test('a hash already indexed is found at once, without the crawler', async () => {
    const { service, calls, pipeline } = build()
    pipeline.submit(
      {
        infoHash: B,
        infoHashV2: null,
        name: 'Known.Release',
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
    expect(service.request([B])[0]).toMatchObject({ state: 'found', detail: 'already in the index' })
    expect(calls).toEqual([])
    service.stop()
  })

  test('not found at the deadline, with the last try; the crawler is told to stop', async () => {
    const { service, calls } = build(100)
    service.request([A])
    service.attempted(A, 'no peer found in the DHT')
    // The deadline's timer gives up on it; nothing else changes the request.
    await waitFor(() => service.list(10)[0]?.state !== 'searching', 30_000, 10)
    expect(service.list(10)[0]).toMatchObject({ state: 'not_found', detail: 'not found within 0 s (last try: no peer found in the DHT)' })
    expect(calls.at(-1)).toBe(`cancel ${A}`)
  })

  test('open requests are taken up again by the next run, with the deadline they had', async () => {
    const { service, repository, crawler } = build()
    service.request([A])
    service.stop()
    const calls: string[] = []
    const next = createFetchService({
      repository,
      crawler: { ...crawler, fetch: (order) => calls.push(order.infoHash) },
      timeoutMs: 60_000,
      log: quietLog,
    })
    next.resume()
    expect(calls).toEqual([A])
    next.stop()
  })

  test('bad input changes nothing; no crawler, no fetch', () => {
    const { service, repository, calls } = build()
    expect(() => service.request([A, 'nope'])).toThrow(InvalidFetchTargetError)
    expect(() => service.request([])).toThrow(InvalidFetchTargetError)
    expect(repository.list(10)).toEqual([])
    expect(calls).toEqual([])
    const off = createFetchService({ repository, crawler: null, timeoutMs: 1_000, log: quietLog })
    expect(() => off.request([A])).toThrow(CrawlerOffError)
  })
})
