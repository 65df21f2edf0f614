import { Elysia } from 'elysia'
import { evidenceRoutes } from '../evidence'
import { type GraphqlDeps, graphqlRoutes } from '../graphql'
import { healthRoutes, type HealthCheck, type StatusReporter } from '../health'
import { jsonErrors } from '../http'
import { importRoutes } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { metricsRoutes, requestMetrics, type Metrics } from '../metrics'
import type { QueueService } from '../queue'
import { type RateLimiter, torznabRoutes, type TorznabAnswerer } from '../torznab'

export interface CoreAppDeps {
  /** Read per request: a changed key applies to the next one. */
  apiKey: () => string | undefined
  pipeline: IngestPipeline
  health: HealthCheck
  status: StatusReporter
  metrics: Metrics
  /** Torznab answers come from worker threads (see startTorznabWorkerPool). */
  torznab: TorznabAnswerer
  rateLimiter: RateLimiter
  queue: QueueService
  graphql: GraphqlDeps
  log: Logger
}

/** The core HTTP app (port 3333): every router a client of the index talks to, over parts built by startCore. */
export function createCoreApp(deps: CoreAppDeps) {
  const log = deps.log.child({ component: 'http' })
  return (
    new Elysia()
      .use(requestMetrics({ metrics: deps.metrics }))
      // The feed answers its own faults in Torznab XML. It comes before jsonErrors because an Elysia
      // hook covers only the routes registered after it: everything below answers JSON.
      .use(
        torznabRoutes({
          torznab: deps.torznab,
          apiKey: deps.apiKey,
          rateLimiter: deps.rateLimiter,
          log: log.child({ component: 'torznab' }),
        }),
      )
      .use(jsonErrors({ log }))
      .use(healthRoutes({ health: deps.health, status: deps.status }))
      .use(evidenceRoutes({ queue: deps.queue, apiKey: deps.apiKey, log }))
      .use(metricsRoutes({ metrics: deps.metrics }))
      .use(graphqlRoutes(deps.graphql))
      .use(importRoutes({ pipeline: deps.pipeline, apiKey: deps.apiKey }))
  )
}

export type CoreApp = ReturnType<typeof createCoreApp>
