import { Elysia, StatusMap } from 'elysia'
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
 * URL, whose query strings and hashes would make a label per request). The start is taken in
 * onRequest, the one hook that runs for unmatched paths too (a derive does not).
 */
export const requestMetrics = (deps: { metrics: Metrics }) => {
  const startedAtMs = new WeakMap<Request, number>()
  return new Elysia({ name: 'request-metrics' })
    .onRequest(({ request }) => {
      startedAtMs.set(request, performance.now())
    })
    .onAfterResponse({ as: 'global' }, ({ request, route, set, responseValue }) => {
      const startedAt = startedAtMs.get(request)
      const seconds = startedAt === undefined ? 0 : (performance.now() - startedAt) / 1000
      deps.metrics.observeHttp(request.method, route || 'unmatched', sentStatus(responseValue, set.status), seconds)
    })
}

/**
 * The status the client got: a handler (GraphQL Yoga, the Torznab feed) that returns a Response
 * sends that Response's status whatever `set.status` says; otherwise `set.status`, a number or a
 * name such as 'Not Found'.
 */
function sentStatus(responseValue: unknown, setStatus: number | keyof StatusMap | undefined): number {
  if (responseValue instanceof Response) return responseValue.status
  if (typeof setStatus === 'number') return setStatus
  return setStatus === undefined ? 200 : StatusMap[setStatus]
}
