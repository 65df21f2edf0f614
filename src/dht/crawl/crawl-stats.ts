/** KRPC query types the crawler sends or answers; others are counted as `other`. */
export const QUERY_TYPES = ['ping', 'find_node', 'get_peers', 'announce_peer', 'sample_infohashes'] as const
export type QueryType = (typeof QUERY_TYPES)[number] | 'other'

export type DiscoverySource = 'sample_infohashes' | 'get_peers' | 'announce_peer'

/** Running totals since the worker started, sent to the main thread as a snapshot each second. */
export interface CrawlStats {
  sent: Record<string, number>
  received: Record<string, number>
  inflight: Record<string, number>
  responses: number
  /** Incoming queries dropped for their sender's rate. */
  droppedQueries: number
  /** New hashes queued for metadata, by where they were seen. */
  discovered: Record<string, number>
  fetched: number
  failed: Record<string, number>
  /** BEP 33 checks of stored torrents' swarms, by `trigger:outcome` (swarm-checks.ts). */
  swarmChecks: Record<string, number>
  fetchesInFlight: number
  queued: number
  nodes: number
  routingNodes: number
  lastResponseAt: number | null
  /** CPU seconds of the crawler's own thread, where the OS tells (Linux). */
  cpuSeconds: number | null
  /** Bytes of the crawler thread's own JavaScript heap (the worker has its own). */
  heapBytes: number
}

export function emptyStats(): CrawlStats {
  return {
    sent: {},
    received: {},
    inflight: {},
    responses: 0,
    droppedQueries: 0,
    discovered: {},
    fetched: 0,
    failed: {},
    swarmChecks: {},
    fetchesInFlight: 0,
    queued: 0,
    nodes: 0,
    routingNodes: 0,
    lastResponseAt: null,
    cpuSeconds: null,
    heapBytes: 0,
  }
}

export function queryTypeOf(q: unknown): QueryType {
  const name = q instanceof Uint8Array ? Buffer.from(q).toString() : String(q)
  return (QUERY_TYPES as readonly string[]).includes(name) ? (name as QueryType) : 'other'
}

export function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by
}
