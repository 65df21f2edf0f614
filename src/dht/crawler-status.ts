import type { CrawlerWarningCode } from './thread/messages'

/**
 * crawling: walking the DHT; paused: the operator paused it; off_hours: outside
 * SERVICE_DHT_SCHEDULE's windows. Only crawling sends queries, but for fetches asked for.
 */
export type CrawlerMode = 'crawling' | 'paused' | 'off_hours'

/** What the health check, status and dashboard figures read about the crawler. */
export interface CrawlerStatus {
  running: boolean
  port: number | null
  warning: { code: CrawlerWarningCode; message: string; at: number } | null
  /** Nodes in the routing table, from the last stats snapshot; 0 while the worker is not running. */
  routingNodes: number
  mode: CrawlerMode
  /** The operator's pause (it outlasts the schedule's windows). */
  paused: boolean
  /** SERVICE_DHT_SCHEDULE as written; null when it crawls around the clock. */
  schedule: string | null
}
