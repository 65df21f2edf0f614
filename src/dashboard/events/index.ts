export { createEventBus, type EventBus } from './event-bus'
export { eventRoutes } from './routes'
