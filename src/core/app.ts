import { Elysia } from 'elysia'
import { evidenceRoutes } from '../evidence'
import { type GraphqlDeps, type GraphqlRouteOptions, graphqlRoutes } from '../graphql'
import { healthRoutes, type HealthCheck, type StatusReporter } from '../health'
import { type IntakeGuardDeps, jsonErrors, type RateLimiter } from '../http'
import { importRoutes, type LineWorkers } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import type { MetainfoLimits } from '../metainfo'
import { metricsRoutes, requestMetrics, type Metrics } from '../metrics'
import type { QueueService } from '../queue'
import { type ExportStore, exportRoutes } from '../sync'
import { torznabRoutes, type TorznabAnswerer } from '../torznab'
import { type DashboardLocation, frontPage } from './front-page'

export interface CoreAppDeps {
  /** Read per request: a changed key applies to the next one. */
  apiKey: () => string | undefined
  pipeline: IngestPipeline
  lineWorkers: LineWorkers | null
  /** What of an imported torrent is kept (SERVICE_MAX_*). */
  limits: MetainfoLimits
  health: HealthCheck
  status: StatusReporter
  metrics: Metrics
  /** Torznab answers come from worker threads (see startSearchThreadPool). */
  torznab: TorznabAnswerer
  /** The Torznab feed's, per client (SERVICE_TORZNAB_RATE_LIMIT). */
  rateLimiter: RateLimiter
  /** What guards the routes that take writes from outside: /evidence and /import. */
  intake: IntakeGuardDeps
  queue: QueueService
  /** GET /export's reads of the index. */
  exports: ExportStore
  /** SERVICE_EVIDENCE_MAX_PAYLOAD. */
  keptPayloadBytes: number
  graphql: GraphqlDeps
  graphqlOptions: GraphqlRouteOptions
  /** Where `GET /` sends a browser. */
  dashboard: DashboardLocation
  /** Aborted when the core stops: uploads still streaming end at their last complete line. */
  shutdown: AbortSignal
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
      .use(frontPage({ dashboard: deps.dashboard }))
      .use(evidenceRoutes({ queue: deps.queue, apiKey: deps.apiKey, intake: deps.intake, keptPayloadBytes: deps.keptPayloadBytes, log }))
      .use(metricsRoutes({ metrics: deps.metrics }))
      .use(graphqlRoutes(deps.graphql, deps.graphqlOptions))
      .use(
        importRoutes({
          pipeline: deps.pipeline,
          apiKey: deps.apiKey,
          intake: deps.intake,
          shutdown: deps.shutdown,
          lineWorkers: deps.lineWorkers,
          limits: deps.limits,
        }),
      )
      .use(exportRoutes({ exports: deps.exports, apiKey: deps.apiKey }))
  )
}

export type CoreApp = ReturnType<typeof createCoreApp>

/**
 * The HTTP surface of a process that serves no client of the index (SERVICE_ROLE crawler or
 * worker): `/healthz` and `/api/v1/status` for Docker, load balancers and people, and `/metrics`
 * for Prometheus. Everything else (Torznab, GraphQL, /import, /evidence, /export, `GET /`) is a
 * 404: those belong to the `api` processes.
 */
export function createProbeApp(deps: Pick<CoreAppDeps, 'health' | 'status' | 'metrics' | 'log'>) {
  return new Elysia()
    .use(requestMetrics({ metrics: deps.metrics }))
    .use(jsonErrors({ log: deps.log.child({ component: 'http' }) }))
    .use(healthRoutes({ health: deps.health, status: deps.status }))
    .use(metricsRoutes({ metrics: deps.metrics }))
}

/**
 * Stops listening and lets the requests in flight finish for up to `graceMs`, then closes their
 * connections: a client that reads its answer slowly must not hold the stop past a container's
 * stop timeout (Docker's is 10 s). Abort the shutdown signal first so uploads end on their own.
 */
export async function stopCoreApp(
  app: { stop(closeActiveConnections?: boolean): Promise<unknown> },
  graceMs: number,
): Promise<'drained' | 'cut'> {
  const graceful = app.stop()
  const outcome = await Promise.race([graceful.then(() => 'drained' as const), Bun.sleep(graceMs).then(() => 'cut' as const)])
  if (outcome === 'cut') await app.stop(true)
  await graceful
  return outcome
}
