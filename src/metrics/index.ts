export { createMetrics, DHT_REQUEST_TYPES, type Metrics, type MetricsSources } from './metrics'
export { metricsRoutes, requestMetrics } from './routes'
