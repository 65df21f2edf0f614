export { torznabRoutes, type TorznabAnswerer } from './routes'
export { startTorznabWorkerPool, type TorznabWorkerPool, type TorznabWorkerPoolOptions } from './worker-pool'
export { LIMIT_DEFAULT, LIMIT_MAX } from './model'
