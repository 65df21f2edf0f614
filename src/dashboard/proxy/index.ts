export { proxyRoutes } from './routes'
