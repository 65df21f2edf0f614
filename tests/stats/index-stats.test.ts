import { describe, expect, test } from 'bun:test'
import type { CrawlerStatus } from '../../src/dht'
import type { ClassifiedItem } from '../../src/ingest'
import { createIndexStats } from '../../src/stats'

const STARTED = Date.parse('2026-01-01T00:00:00Z')
const report = (imported: number) => ({ imported, updated: 0, deleted: 0, blocked: 0, failed: 0 })
const classifiedFrom = (source: string) => [{ item: { source } } as ClassifiedItem]

function build(options: { crawler?: CrawlerStatus | null; lastCrawledAtSeconds?: number | null } = {}) {
  let now = STARTED + 90_000
  const crawler = options.crawler === undefined ? null : options.crawler
  const stats = createIndexStats({
    countsByContentType: () => [
      { contentType: 'movie', count: 7 },
      { contentType: 'other', count: 3 },
      { contentType: 'unknown', count: 2 },
      { contentType: 'tv_show', count: 1 },
    ],
    countEvidence: async () => 42,
    crawler: crawler ? () => crawler : null,
    startedAtMs: STARTED,
    lastCrawledAtSeconds: options.lastCrawledAtSeconds ?? null,
    nowMs: () => now,
  })
  return { stats, advance: (ms: number) => (now += ms) }
}

describe('createIndexStats', () => {
  test('totals from the counts: releases leave out other and unclassified', async () => {
    const figures = await build().stats.read()
    expect(figures).toMatchObject({
      totalTorrents: 13,
      totalReleases: 8,
      totalEvidence: 42,
      dhtPeerCount: 0,
      indexerThroughput: 0,
      startedAt: '2026-01-01T00:00:00.000Z',
      uptimeSeconds: 90,
      lastCrawlAt: null,
    })
    expect(figures.categoryBreakdown.map((row) => row.contentType)).toEqual(['movie', 'other', 'unknown', 'tv_show'])
  })

  test('throughput counts torrents new to the index; lastCrawlAt moves only with crawled ones', async () => {
    const { stats, advance } = build({ lastCrawledAtSeconds: STARTED / 1000 - 3600 })
    expect((await stats.read()).lastCrawlAt).toBe('2025-12-31T23:00:00.000Z')
    stats.observeCommit({ report: report(30), classified: classifiedFrom('import') })
    expect((await stats.read()).lastCrawlAt).toBe('2025-12-31T23:00:00.000Z')
    expect((await stats.read()).indexerThroughput).toBe(20) // 30 over the 1.5 minutes since start
    advance(30_000)
    stats.observeCommit({ report: report(0), classified: classifiedFrom('dht') })
    expect((await stats.read()).lastCrawlAt).toBe('2026-01-01T00:02:00.000Z')
    expect((await stats.read()).indexerThroughput).toBe(15)
  })

  test('the crawler: off, running with its routing table, warning since when', async () => {
    expect(build().stats.crawler()).toEqual({
      enabled: false,
      running: false,
      mode: 'crawling',
      paused: false,
      schedule: null,
      warning: null,
    })
    const warned = build({
      crawler: {
        running: true,
        port: 4413,
        routingNodes: 321,
        warning: { code: 'no_responses', message: 'no DHT response for 5 minutes', at: STARTED },
        mode: 'off_hours',
        paused: false,
        schedule: '01:00-07:00',
      },
    }).stats
    expect(warned.crawler()).toEqual({
      enabled: true,
      running: true,
      mode: 'off_hours',
      paused: false,
      schedule: '01:00-07:00',
      warning: { code: 'no_responses', message: 'no DHT response for 5 minutes', since: '2026-01-01T00:00:00.000Z' },
    })
    expect((await warned.read()).dhtPeerCount).toBe(321)
  })
})
