export { createIndexedPosterLookup } from './indexed-poster'
export { posterRoutes } from './routes'
export { createPosterService, type PosterService } from './service'
export { createTmdbClient } from './tmdb-client'
