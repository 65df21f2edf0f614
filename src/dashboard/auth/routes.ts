import { Elysia } from 'elysia'
import type { AuthPlugin } from './plugin'

/** GET /api/me: who the dashboard takes the caller for, and by which tier (spec 2.1). */
export const meRoutes = (deps: { authPlugin: AuthPlugin }) =>
  new Elysia({ name: 'dashboard-me' })
    .use(deps.authPlugin)
    .get('/api/me', ({ identity: { id, method, display } }) => ({ id, method, display }))
