import { Elysia } from 'elysia'
import type { Config } from '../config'
import type { DatabaseHandle } from '../db'
import { createHealthCheck, healthRoutes } from '../health'
import { importRoutes } from '../importer'
import type { IngestPipeline } from '../ingest'
import type { Logger } from '../log'
import { createSearchRepository, createSearchService } from '../search'
import { createRateLimiter, createTorznabService, torznabRoutes } from '../torznab'
import { VERSION } from '../version'

export interface CoreAppDeps {
  config: Config
  db: DatabaseHandle
  pipeline: IngestPipeline
  log: Logger
}

/** The core HTTP app (port 3333): everything a client of the index talks to. */
export function createCoreApp(deps: CoreAppDeps) {
  const log = deps.log.child({ component: 'http' })
  const search = createSearchService({
    repository: createSearchRepository(deps.db.sqlite),
    weights: deps.config.search.weights,
    timeoutMs: deps.config.search.timeoutMs,
  })
  const torznab = createTorznabService({ search, version: VERSION })
  return new Elysia()
    .onError(({ code, error, set }) => {
      if (code === 'NOT_FOUND') return { error: 'not_found', message: 'no such endpoint' }
      log.error('request failed', { code, err: error })
      set.status = 500
      return { error: 'internal', message: 'unexpected error' }
    })
    .use(healthRoutes({ health: createHealthCheck({ db: deps.db.sqlite }) }))
    .use(importRoutes({ pipeline: deps.pipeline, apiKey: deps.config.torznab.apiKey }))
    .use(
      torznabRoutes({
        torznab,
        apiKey: deps.config.torznab.apiKey,
        rateLimiter: createRateLimiter({ perMinute: deps.config.torznab.rateLimitPerMinute }),
        log: log.child({ component: 'torznab' }),
      }),
    )
}

export type CoreApp = ReturnType<typeof createCoreApp>
