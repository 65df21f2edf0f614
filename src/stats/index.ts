export { createIndexStats, type IndexStatsService } from './index-stats'
