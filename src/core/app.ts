import { Elysia } from 'elysia'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db'
import { createTorrentRepository, graphqlRoutes } from '../graphql'
import { createEvidenceRepository, evidenceRoutes } from '../evidence'
import { healthRoutes, type HealthCheck, type StatusReporter } from '../health'
import { jsonErrors } from '../http'
import { importRoutes } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { metricsRoutes, requestMetrics, type Metrics } from '../metrics'
import type { QueueRepository, QueueService, WorkerRegistry } from '../queue'
import { createSearchRepository, createSearchService, type SearchQuery, type SearchService } from '../search'
import { createRateLimiter, torznabRoutes, type TorznabAnswerer } from '../torznab'
import type { TorrentStore } from '../torrents'
import { VERSION } from '../version'

export interface CoreAppDeps {
  config: Config
  db: DatabaseHandle
  pipeline: IngestPipeline
  torrents: TorrentStore
  log: Logger
  health: HealthCheck
  status: StatusReporter
  metrics: Metrics
  queue: QueueService
  jobs: QueueRepository
  workers: WorkerRegistry
  /** Torznab answers come from worker threads (see startTorznabWorkerPool). */
  torznab: TorznabAnswerer
}

/** The core HTTP app (port 3333): everything a client of the index talks to. */
export function createCoreApp(deps: CoreAppDeps) {
  const log = deps.log.child({ component: 'http' })
  const search = timedSearch(
    createSearchService({
      repository: createSearchRepository(deps.db.sqlite),
      weights: deps.config.search.weights,
      timeoutMs: deps.config.search.timeoutMs,
    }),
    deps.metrics,
  )
  return (
    new Elysia()
      .use(requestMetrics({ metrics: deps.metrics }))
      // The feed answers its own faults in Torznab XML. It comes before jsonErrors because an Elysia
      // hook covers only the routes registered after it: everything below answers JSON.
      .use(
        torznabRoutes({
          torznab: deps.torznab,
          apiKey: () => deps.config.torznab.apiKey,
          rateLimiter: createRateLimiter({ perMinute: deps.config.torznab.rateLimitPerMinute }),
          log: log.child({ component: 'torznab' }),
        }),
      )
      .use(jsonErrors({ log }))
      .use(healthRoutes({ health: deps.health, status: deps.status }))
      .use(evidenceRoutes({ queue: deps.queue, apiKey: () => deps.config.torznab.apiKey, log }))
      .use(metricsRoutes({ metrics: deps.metrics }))
      .use(
        graphqlRoutes({
          search,
          torrents: createTorrentRepository(deps.db),
          operator: deps.torrents.operator,
          queue: deps.queue,
          jobs: deps.jobs,
          workers: deps.workers,
          health: deps.health,
          evidence: createEvidenceRepository(deps.db),
          version: VERSION,
        }),
      )
      .use(importRoutes({ pipeline: deps.pipeline, apiKey: () => deps.config.torznab.apiKey }))
  )
}

export type CoreApp = ReturnType<typeof createCoreApp>

/** The search service, with each search's time recorded by kind. */
function timedSearch(search: SearchService, metrics: Metrics): SearchService {
  const kindOf = (query: SearchQuery) => (query.externalIds ? 'ids' : query.text ? 'text' : 'feed')
  return {
    search(query) {
      const startedAt = performance.now()
      try {
        return search.search(query)
      } finally {
        metrics.observeSearch(kindOf(query), (performance.now() - startedAt) / 1000)
      }
    },
  }
}
