import { Elysia } from 'elysia'
import { PosterParams, PosterQuery } from './model'
import type { PosterService } from './service'

export const posterRoutes = (deps: { posters: PosterService }) =>
  new Elysia({ name: 'dashboard-posters', prefix: '/api/poster' }).get(
    '/:id',
    ({ params, query }) => deps.posters.find(params.id, query.media_type ?? 'movie'),
    { params: PosterParams, query: PosterQuery },
  )
