import { Elysia } from 'elysia'
import { CreateWantBody, UpdateWantBody, WantParams } from './model'
import type { WantService } from './service'

export const wantRoutes = (deps: { wants: WantService }) =>
  new Elysia({ name: 'dashboard-wants', prefix: '/api/wants' })
    .get('/', () => deps.wants.list())
    .post(
      '/',
      ({ body, set }) => {
        set.status = 201
        return deps.wants.create(body)
      },
      { body: CreateWantBody },
    )
    .put('/:id', ({ params, body }) => deps.wants.update(params.id, body), { params: WantParams, body: UpdateWantBody })
    .delete(
      '/:id',
      ({ params, set }) => {
        deps.wants.remove(params.id)
        set.status = 204
      },
      { params: WantParams },
    )
