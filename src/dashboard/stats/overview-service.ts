import type { CoreClient } from '../core-client'
import type { CrawlerState } from '../../vocabulary'
import { CRAWLER_FIELDS } from '../crawler'

/** Torrents first seen in one time slot (the start of the slot, UTC). */
export interface IndexedSlot {
  start: string
  count: number
}

export interface IndexedOverTime {
  /** The last 24 hours, one slot an hour, oldest first. */
  hourly: IndexedSlot[]
  /** The last 7 days, one slot a day (UTC), oldest first. */
  daily: IndexedSlot[]
}

const CRAWLER_QUERY = `query DashboardCrawler { crawler { ${CRAWLER_FIELDS} } }`

const METRICS_QUERY = `query DashboardIndexed($hourly: TorrentMetricsQueryInput!, $daily: TorrentMetricsQueryInput!) {
  hourly: torrent { metrics(input: $hourly) { buckets { bucket updated count } } }
  daily: torrent { metrics(input: $daily) { buckets { bucket updated count } } }
}`

interface MetricsBucket {
  bucket: string
  updated: boolean
  count: number
}

type MetricsAnswer = Record<'hourly' | 'daily', { metrics: { buckets: MetricsBucket[] } }>

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/**
 * `slotCount` slots of `slotMs` ending with the one holding `nowMs`, each with the torrents first
 * seen in it, summed over sources. Re-seen torrents (`updated`) are not new to the index.
 */
export function toSlots(buckets: MetricsBucket[], slotMs: number, slotCount: number, nowMs: number): IndexedSlot[] {
  const firstMs = Math.floor(nowMs / slotMs) * slotMs - (slotCount - 1) * slotMs
  const counts = new Array<number>(slotCount).fill(0)
  for (const bucket of buckets) {
    if (bucket.updated) continue
    const index = Math.floor((Date.parse(bucket.bucket) - firstMs) / slotMs)
    if (index >= 0 && index < slotCount) counts[index] = (counts[index] ?? 0) + bucket.count
  }
  return counts.map((count, index) => ({ start: new Date(firstMs + index * slotMs).toISOString(), count }))
}

const HISTORY_TTL_MS = 60_000

/** What the overview page shows beyond /api/stats: the crawler's state and bitmagnet's torrent metrics. */
export function createOverviewService(deps: { core: Pick<CoreClient, 'query'> }) {
  let history: { atMs: number; value: Promise<IndexedOverTime> } | null = null
  return {
    async crawler(): Promise<CrawlerState> {
      return (await deps.core.query<{ crawler: CrawlerState }>(CRAWLER_QUERY)).crawler
    },
    /** Kept a minute: the counts walk a week of torrents (about a second at 1M), and a chart by the hour needs no fresher. */
    indexedOverTime(nowMs = Date.now()): Promise<IndexedOverTime> {
      if (!history || nowMs - history.atMs > HISTORY_TTL_MS) {
        const value = readHistory(nowMs)
        history = { atMs: nowMs, value }
        value.catch(() => {
          if (history?.value === value) history = null
        })
      }
      return history.value
    },
  }

  async function readHistory(nowMs: number): Promise<IndexedOverTime> {
    const since = (slotMs: number, slots: number) => new Date(Math.floor(nowMs / slotMs) * slotMs - (slots - 1) * slotMs).toISOString()
    const answer = await deps.core.query<MetricsAnswer>(METRICS_QUERY, {
      hourly: { bucketDuration: 'hour', startTime: since(HOUR_MS, 24) },
      daily: { bucketDuration: 'day', startTime: since(DAY_MS, 7) },
    })
    return {
      hourly: toSlots(answer.hourly.metrics.buckets, HOUR_MS, 24, nowMs),
      daily: toSlots(answer.daily.metrics.buckets, DAY_MS, 7, nowMs),
    }
  }
}

export type OverviewService = ReturnType<typeof createOverviewService>
