export { createHealthCheck, type ComponentCheck, type ComponentStatus, type HealthCheck, type HealthReport } from './health-check'
export { createStatusReporter, type StatusReporter } from './status'
export { healthRoutes } from './routes'
export type { HealthStore } from './store-port'
