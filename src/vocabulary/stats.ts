/**
 * The index's figures: what the core answers to GraphQL `stats` and `crawler`, and what the
 * dashboard makes of them at /api/stats (spec 2.1, camelCase as the spec shows it).
 */

/** Torrents of one content type, or `unknown` for torrents not classified. */
export interface ContentTypeCount {
  contentType: string
  count: number
}

/** The core's sizes on disk and its storage cap, in bytes: what /api/v1/status, /metrics and GraphQL StorageStats show. */
export interface StorageReport {
  /** SERVICE_STORAGE_LIMIT; null without a cap. */
  limitBytes: number | null
  /** What the cap compares: pages of the core database holding data, plus its WAL and shared memory. */
  usedBytes: number
  /** The core database file (index.db) and its write-ahead log; on PostgreSQL, pg_database_size of its database. */
  databaseBytes: number
  walBytes: number
  /** The dashboard store at DASHBOARD_DB_PATH; null when there is no such file on the core's host. */
  dashboardBytes: number | null
  /** Torrents the cap evicted since the core started. */
  evictedTorrents: number
  /** Over the cap with nothing left to evict: the crawler is paused. */
  isFull: boolean
}

/** GraphQL `stats`. */
export interface IndexStats {
  totalTorrents: number
  /** Classified as a known kind of release: a content type, and not `other`. */
  totalReleases: number
  totalEvidence: number
  dhtPeerCount: number
  /** Torrents stored per minute, over the last 10 minutes or the uptime when shorter. */
  indexerThroughput: number
  startedAt: string
  uptimeSeconds: number
  /** RFC 3339; null when the crawler has stored nothing. */
  lastCrawlAt: string | null
  /** Zero counts left out; unclassified torrents under `unknown`. */
  categoryBreakdown: ContentTypeCount[]
  /** null when the core measures none. */
  storage: StorageReport | null
}

/** GraphQL `crawler`. */
export interface CrawlerState {
  enabled: boolean
  running: boolean
  /** crawling, paused (by an operator, or the storage cap) or off_hours (outside SERVICE_DHT_SCHEDULE); `crawling` for a disabled crawler says nothing (enabled is false). */
  mode: 'crawling' | 'paused' | 'off_hours'
  paused: boolean
  /** SERVICE_DHT_SCHEDULE, e.g. 01:00-07:00; null when it crawls around the clock. */
  schedule: string | null
  warning: { code: string; message: string; since: string } | null
}

/** The dashboard's /api/stats: the core's figures with the dashboard's own. */
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
