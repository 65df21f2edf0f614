export { CRAWLER_FIELDS } from './model'
export { crawlerPanel } from './pages'
export { crawlerRoutes } from './routes'
export { type CrawlerControlService, createCrawlerControlService } from './service'
