export { createHealthCheck, type HealthCheck, type HealthStatus } from './health-check'
export { healthRoutes } from './routes'
