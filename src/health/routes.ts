import { Elysia } from 'elysia'
import type { HealthCheck } from './health-check'
import { HealthQuery } from './model'
import type { StatusReporter } from './status'

/**
 * `GET /healthz` for Docker and load balancers: 200 while the database answers, else 500 with
 * the reason. `GET /api/v1/status` for people and dashboards: version, uptime, torrent count and
 * every component's state.
 */
export const healthRoutes = (deps: { health: HealthCheck; status: StatusReporter }) =>
  new Elysia({ name: 'health-routes' })
    .get(
      '/healthz',
      async ({ set }) => {
        const report = await deps.health.check()
        const components = Object.fromEntries(report.checks.map((check) => [check.key, check.status]))
        if (report.status !== 'up') {
          set.status = 500
          const error = report.checks.find((check) => check.error)?.error ?? 'unhealthy'
          return { status: 'error', error, components }
        }
        return { status: 'ok', components }
      },
      { query: HealthQuery },
    )
    .get(
      '/api/v1/status',
      async ({ set }) => {
        const status = await deps.status.report()
        if (status.health !== 'up') set.status = 500
        return status
      },
      { query: HealthQuery },
    )
