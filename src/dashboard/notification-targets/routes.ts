import { Elysia } from 'elysia'
import type { AuthPlugin } from '../auth'
import { CreateNotificationTargetBody, NotificationTargetParams, UpdateNotificationTargetBody } from './model'
import type { NotificationTargetService } from './service'

/** /api/notification-targets (issue 33): the list, changes and `…/test`, which sends now. */
export const notificationTargetRoutes = (deps: { notificationTargets: NotificationTargetService; authPlugin: AuthPlugin }) =>
  new Elysia({ name: 'dashboard-notification-targets', prefix: '/api/notification-targets' })
    .use(deps.authPlugin)
    .get('/', () => ({ items: deps.notificationTargets.list() }))
    .post(
      '/',
      ({ body, identity, set }) => {
        set.status = 201
        return deps.notificationTargets.create(body, identity.actor)
      },
      { body: CreateNotificationTargetBody },
    )
    .get('/:id', ({ params }) => deps.notificationTargets.get(params.id), { params: NotificationTargetParams })
    .put('/:id', ({ params, body, identity }) => deps.notificationTargets.update(params.id, body, identity.actor), {
      params: NotificationTargetParams,
      body: UpdateNotificationTargetBody,
    })
    .delete(
      '/:id',
      ({ params, identity, set }) => {
        deps.notificationTargets.remove(params.id, identity.actor)
        set.status = 204
      },
      { params: NotificationTargetParams },
    )
    .post('/:id/test', ({ params }) => deps.notificationTargets.test(params.id), { params: NotificationTargetParams })
