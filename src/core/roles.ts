import type { ServiceRole } from '../config'

/** The three parts a process of the core may run; SERVICE_ROLE picks them (issue 36). */
export interface RoleParts {
  /**
   * The HTTP clients of the index: Torznab, GraphQL, /import, /export, the evidence intake (which
   * only enqueues), `GET /`, with the search threads behind them. Without it the port serves
   * `/healthz`, `/api/v1/status` and `/metrics` only (createProbeApp).
   */
  api: boolean
  /** The DHT crawl and the metadata fetches (its thread), writing batches through the ingest pipeline. */
  crawler: boolean
  /** The queue's jobs, enrichment, eviction, webhook, backups and export follower, under the worker lease (worker-role.ts). */
  worker: boolean
}

/**
 * `all` is the single process of a NAS, with every part; the other roles split it across
 * processes sharing one PostgreSQL index. Every role writes through its own ingest pipeline
 * (an import on `api`, the crawl on `crawler`, re-classification on `worker`) and serves its
 * health and metrics on CORE_PORT.
 */
export function roleParts(role: ServiceRole): RoleParts {
  return {
    api: role === 'all' || role === 'api',
    crawler: role === 'all' || role === 'crawler',
    worker: role === 'all' || role === 'worker',
  }
}
