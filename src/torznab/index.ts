export { torznabRoutes } from './routes'
export { createTorznabService, type TorznabService } from './service'
export { createRateLimiter } from './rate-limit'
export { LIMIT_DEFAULT, LIMIT_MAX } from './model'
