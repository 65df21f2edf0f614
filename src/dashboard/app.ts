import { Elysia } from 'elysia'
import { jsonErrors } from '../http'
import type { Logger } from '../log'
import { notificationRoutes } from './notifications/routes'
import type { NotificationService } from './notifications/service'

export interface DashboardAppDeps {
  notifications: NotificationService
  log: Logger
}

/** The dashboard's routes over the parts built in start.ts; /healthz first, open to all (spec 5.2.3). */
export function createDashboardApp(deps: DashboardAppDeps) {
  return new Elysia({ name: 'dashboard' })
    .get('/healthz', () => ({ status: 'ok', ts: new Date().toISOString() }))
    .use(jsonErrors({ log: deps.log }))
    .use(notificationRoutes(deps))
}
