export { type CrawlerHost, type CrawlerMode, type CrawlerStatus, type CrawlObserver, createCrawlerHost } from './host'
export { createCrawlerControlRepository } from './control-repository'
export { QUERY_TYPES, type CrawlStats } from './crawl-stats'
export type { CrawlerSettings } from './messages'
