import type { IndexStats, Stats } from '../../vocabulary'
import type { CoreClient, ResponseCache } from '../core-client'

/** The GraphQL selection of the core's IndexStats the dashboard reads. */
export const CORE_STATS_FIELDS =
  'totalTorrents totalReleases totalEvidence dhtPeerCount indexerThroughput startedAt uptimeSeconds lastCrawlAt categoryBreakdown { contentType count } storage { limitBytes usedBytes databaseBytes walBytes dashboardBytes evictedTorrents isFull }'

const STATS_QUERY = `query DashboardStats { stats { ${CORE_STATS_FIELDS} } }`

/** Many tabs polling every 5 s cost the core one stats query per 2 s. */
const STATS_TTL_MS = 2_000

/** /api/stats (DESIGN.md 5.3): the core's figures, the cache's hit ratio and this dashboard's store on its own host. */
export function toStats(core: IndexStats, cacheHitRatio: number, dashboardBytes: number | null): Stats {
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
      const data = await deps.cache.get('stats', STATS_TTL_MS, () => deps.core.query<{ stats: IndexStats }>(STATS_QUERY))
      return toStats(data.stats, deps.cache.hitRatio(), deps.storeBytes())
    },
  }
}

export type StatsService = ReturnType<typeof createStatsService>
