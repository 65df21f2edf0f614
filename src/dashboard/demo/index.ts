export { demoRoutes } from './routes'
export { createDemoSeedService, type DemoSeedService } from './service'
