export { torznabRoutes, type TorznabAnswerer } from './routes'
export { createThreadAnswer, torznabAnswererOf } from './in-threads'
export { LIMIT_DEFAULT, LIMIT_MAX } from './model'
