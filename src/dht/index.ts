export { type CrawlerHost, type CrawlerStatus, type CrawlObserver, createCrawlerHost } from './host'
export { QUERY_TYPES, type CrawlStats } from './crawl-stats'
export type { CrawlerSettings } from './messages'
