export { createCrawlerHost, type CrawlerHost, type CrawlerStatus } from './host'
export { QUERY_TYPES, type CrawlStats } from './crawl-stats'
export type { CrawlerSettings } from './messages'
