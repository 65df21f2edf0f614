export { overviewPage } from './overview-page'
export { statsRoutes } from './routes'
export { CORE_STATS_FIELDS, createStatsService, type StatsService, toStats } from './service'
export { createStoreSize } from './store-size'
