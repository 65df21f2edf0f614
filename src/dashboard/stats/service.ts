import type { CoreClient, ResponseCache } from '../core-client'

/** /api/stats (spec 2.1, camelCase as the spec shows it; DESIGN.md 5.3). */
export interface Stats {
  totalTorrents: number
  totalReleases: number
  totalEvidence: number
  dhtPeerCount: number
  /** Torrents stored per minute over the last 10 minutes (the UI labels it per minute). */
  indexerThroughput: number
  /** The dashboard's core-response cache: hits / lookups since start, 0 before the first. */
  cacheHitRatio: number
  uptimeSeconds: number
  lastCrawlAt: string | null
  categoryBreakdown: Record<string, number>
  /** Both stores on disk and the core's storage cap; null while the core reports no sizes. */
  storage: StorageStats | null
}

/** Bytes; the cap (SERVICE_STORAGE_LIMIT, null when unset) is compared with indexUsedBytes. */
export interface StorageStats {
  limitBytes: number | null
  indexUsedBytes: number
  indexBytes: number
  indexWalBytes: number
  /** This dashboard's own store (with its WAL); null when its file is not there yet. */
  dashboardBytes: number | null
  evictedTorrents: number
  /** Over the cap with nothing left to evict: the core has paused its crawler. */
  isFull: boolean
}

interface CoreStorage {
  limitBytes: number | null
  usedBytes: number
  databaseBytes: number
  walBytes: number
  evictedTorrents: number
  isFull: boolean
}

export interface CoreStats {
  totalTorrents: number
  totalReleases: number
  totalEvidence: number
  dhtPeerCount: number
  indexerThroughput: number
  startedAt: string
  uptimeSeconds: number
  lastCrawlAt: string | null
  categoryBreakdown: { contentType: string; count: number }[]
  storage: CoreStorage | null
}

export const CORE_STATS_FIELDS =
  'totalTorrents totalReleases totalEvidence dhtPeerCount indexerThroughput startedAt uptimeSeconds lastCrawlAt categoryBreakdown { contentType count } storage { limitBytes usedBytes databaseBytes walBytes evictedTorrents isFull }'

const STATS_QUERY = `query DashboardStats { stats { ${CORE_STATS_FIELDS} } }`

/** Many tabs polling every 5 s cost the core one stats query per 2 s. */
const STATS_TTL_MS = 2_000

export function toStats(core: CoreStats, cacheHitRatio: number, dashboardBytes: number | null): Stats {
  return {
    totalTorrents: core.totalTorrents,
    totalReleases: core.totalReleases,
    totalEvidence: core.totalEvidence,
    dhtPeerCount: core.dhtPeerCount,
    indexerThroughput: core.indexerThroughput,
    cacheHitRatio,
    uptimeSeconds: core.uptimeSeconds,
    lastCrawlAt: core.lastCrawlAt,
    categoryBreakdown: Object.fromEntries(core.categoryBreakdown.map((entry) => [entry.contentType, entry.count])),
    storage: core.storage && {
      limitBytes: core.storage.limitBytes,
      indexUsedBytes: core.storage.usedBytes,
      indexBytes: core.storage.databaseBytes,
      indexWalBytes: core.storage.walBytes,
      dashboardBytes,
      evictedTorrents: core.storage.evictedTorrents,
      isFull: core.storage.isFull,
    },
  }
}

export function createStatsService(deps: { core: CoreClient; cache: ResponseCache; storeBytes: () => number | null }) {
  return {
    async stats(): Promise<Stats> {
      const data = await deps.cache.get('stats', STATS_TTL_MS, () => deps.core.query<{ stats: CoreStats }>(STATS_QUERY))
      return toStats(data.stats, deps.cache.hitRatio(), deps.storeBytes())
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>
