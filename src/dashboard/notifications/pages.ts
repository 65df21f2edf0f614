import { Elysia, t } from 'elysia'
import type { Child } from 'hono/jsx'
import { NotificationList, NotificationsPage, WithUnreadCounts } from '../../../views/pages/notifications'
import { UnreadBadge } from '../../../views/layout'
import { NotificationRow } from '../../../views/partials/notification-row'
import type { AuthService } from '../auth'
import type { NotificationService } from './service'
import { htmlPage, htmlPartial, pageChrome } from '../page-kit'

/**
 * /notifications: the list, Mark read per row and Mark all read (htmx swaps the row or the list),
 * and the list and the nav's badge as they refetch themselves when a notification is created.
 */
export const notificationsPage = (deps: { notifications: NotificationService; auth: AuthService }) => {
  const withCounts = (children: Child) => WithUnreadCounts({ unread: deps.notifications.countUnread(), children })
  return new Elysia({ name: 'dashboard-page-notifications' })
    .get('/notifications', () => {
      const notifications = deps.notifications.list()
      return htmlPage(NotificationsPage({ notifications, ...pageChrome(deps) }))
    })
    .get('/notifications/list', () => htmlPartial(withCounts(NotificationList({ notifications: deps.notifications.list() }))))
    .get('/notifications/badge', () => htmlPartial(UnreadBadge({ unread: deps.notifications.countUnread() })))
    .post(
      '/notifications/:id/read',
      ({ params }) => htmlPartial(withCounts(NotificationRow({ notification: deps.notifications.markRead(params.id) }))),
      {
        params: t.Object({ id: t.String({ maxLength: 64 }) }),
      },
    )
    .post('/notifications/read-all', () => {
      deps.notifications.markAllRead()
      return htmlPartial(withCounts(NotificationList({ notifications: deps.notifications.list() })))
    })
}
