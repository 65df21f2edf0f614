import { Elysia } from 'elysia'
import type { Metrics } from './metrics'
import { MetricsQuery } from './model'

/** `GET /metrics` in the Prometheus text format, plus the hooks that time every request. */
export const metricsRoutes = (deps: { metrics: Metrics }) =>
  new Elysia({ name: 'metrics-routes' }).get(
    '/metrics',
    async ({ set }) => {
      set.headers['content-type'] = deps.metrics.registry.contentType
      return deps.metrics.registry.metrics()
    },
    { query: MetricsQuery },
  )

/**
 * Times every request of the app it is used on, labelled by the route pattern (never the raw
 * URL, whose query strings and hashes would make a label per request).
 */
export const requestMetrics = (deps: { metrics: Metrics }) =>
  new Elysia({ name: 'request-metrics' })
    .derive({ as: 'global' }, () => ({ requestStartedAt: performance.now() }))
    .onAfterResponse({ as: 'global' }, ({ request, route, set, requestStartedAt }) => {
      const status = typeof set.status === 'number' ? set.status : 200
      const seconds = (performance.now() - (requestStartedAt ?? performance.now())) / 1000
      deps.metrics.observeHttp(request.method, route || 'unmatched', status, seconds)
    })
