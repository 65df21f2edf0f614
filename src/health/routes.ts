import { Elysia } from 'elysia'
import type { HealthCheck } from './health-check'

export const healthRoutes = (deps: { health: HealthCheck }) =>
  new Elysia({ name: 'health-routes' }).get('/healthz', ({ set }) => {
    const result = deps.health.check()
    if (result.status !== 'ok') set.status = 500
    return result
  })
