import { Elysia } from 'elysia'
import { NotificationParams } from './model'
import type { NotificationService } from './service'

export const notificationRoutes = (deps: { notifications: NotificationService }) =>
  new Elysia({ name: 'dashboard-notifications', prefix: '/api/notifications' })
    .get('/', () => ({ items: deps.notifications.list() }))
    .put('/:id/read', ({ params }) => deps.notifications.markRead(params.id), { params: NotificationParams })
