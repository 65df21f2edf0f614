export { wantsPage } from './pages'
export { wantRoutes } from './routes'
export { createWantService, type WantService } from './service'
