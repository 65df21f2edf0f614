export { createIndexedPosterLookup } from './indexed-poster'
export { posterRoutes } from './routes'
export { createPosterService, type PosterService } from './service'
export { createPosterClient } from './tmdb-client'
