export { createMetrics, type Metrics, type MetricsSources } from './metrics'
export { metricsRoutes, requestMetrics } from './routes'
