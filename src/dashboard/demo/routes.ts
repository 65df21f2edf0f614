import { Elysia } from 'elysia'
import { SeedDemoResponse } from './model'
import type { DemoSeedService } from './service'

export const demoRoutes = (deps: { demo: DemoSeedService }) =>
  new Elysia({ name: 'dashboard-demo', prefix: '/api' }).post('/seed-demo', () => deps.demo.seed(), { response: SeedDemoResponse })
