import { Elysia } from 'elysia'
import type { StatsService } from './service'

export const statsRoutes = (deps: { stats: StatsService }) =>
  new Elysia({ name: 'dashboard-stats' }).get('/api/stats', () => deps.stats.stats())
