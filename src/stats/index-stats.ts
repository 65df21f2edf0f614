import type { CrawlerStatus } from '../dht'
import type { ClassifiedItem, FlushReport } from '../ingest'
import { type ContentTypeCount, type CrawlerState, type IndexStats, type StorageReport, UNCLASSIFIED } from '../vocabulary'
import { createThroughputMeter } from './throughput-meter'

const NOT_RELEASES = new Set([UNCLASSIFIED, 'other'])

/**
 * The operator dashboard's figures, each cheap however large the index: counts from the counters
 * the database keeps, the crawler's last stats snapshot, and what ingest commits tell it (the
 * throughput, the last crawl) kept in memory. The last crawl starts from the index.
 */
export function createIndexStats(deps: {
  countsByContentType: () => ContentTypeCount[]
  countEvidence: () => Promise<number>
  /** null when the crawler is off (SERVICE_DHT_ENABLED=false). */
  crawler: (() => CrawlerStatus) | null
  startedAtMs: number
  /** Unix seconds: when the crawler last stored a torrent, as the index tells at start. */
  lastCrawledAtSeconds: number | null
  storage?: () => Promise<StorageReport>
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  const throughput = createThroughputMeter(deps.startedAtMs)
  let lastCrawlAtMs = deps.lastCrawledAtSeconds === null ? null : deps.lastCrawledAtSeconds * 1000
  return {
    /** After each ingest commit: torrents new to the index count as stored; a crawled one moves the last crawl. */
    observeCommit({ report, classified }: { report: FlushReport; classified: readonly ClassifiedItem[] }): void {
      const now = nowMs()
      throughput.record(report.imported, now)
      if (classified.some((entry) => entry.item.source === 'dht')) lastCrawlAtMs = now
    },
    async read(): Promise<IndexStats> {
      const totalEvidence = await deps.countEvidence()
      const now = nowMs()
      const breakdown = deps.countsByContentType()
      const sum = (rows: ContentTypeCount[]) => rows.reduce((total, row) => total + row.count, 0)
      return {
        totalTorrents: sum(breakdown),
        totalReleases: sum(breakdown.filter((row) => !NOT_RELEASES.has(row.contentType))),
        totalEvidence,
        dhtPeerCount: deps.crawler?.().routingNodes ?? 0,
        indexerThroughput: throughput.perMinute(now),
        startedAt: new Date(deps.startedAtMs).toISOString(),
        uptimeSeconds: Math.floor((now - deps.startedAtMs) / 1000),
        lastCrawlAt: lastCrawlAtMs === null ? null : new Date(lastCrawlAtMs).toISOString(),
        categoryBreakdown: breakdown,
        storage: (await deps.storage?.()) ?? null,
      }
    },
    crawler(): CrawlerState {
      const status = deps.crawler?.()
      const warning = status?.warning
      return {
        enabled: deps.crawler !== null,
        running: status?.running ?? false,
        mode: status?.mode ?? 'crawling',
        paused: status?.paused ?? false,
        schedule: status?.schedule ?? null,
        warning: warning ? { code: warning.code, message: warning.message, since: new Date(warning.at).toISOString() } : null,
      }
    },
  }
}

export type IndexStatsService = ReturnType<typeof createIndexStats>
