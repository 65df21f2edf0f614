export { type CrawlerState, createIndexStats, type IndexStats, type IndexStatsService } from './index-stats'
