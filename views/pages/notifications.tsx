import type { Notification } from '../../src/dashboard/notifications/model'
import { Layout } from '../layout'
import { NotificationRow } from '../partials/notification-row'

export interface NotificationsPageProps {
  notifications: Notification[]
  unread: number
}

/** The id the notification list fills; "Mark all read" swaps it. */
export const NOTIFICATION_LIST_ID = 'notification-list'

export function NotificationList(props: { notifications: Notification[] }) {
  if (props.notifications.length === 0)
    return (
      <p id={NOTIFICATION_LIST_ID} class="card muted">
        No notifications yet.
      </p>
    )
  return (
    <div id={NOTIFICATION_LIST_ID} class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Message</th>
            <th scope="col">When</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {props.notifications.map((notification) => (
            <NotificationRow notification={notification} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function NotificationsPage(props: NotificationsPageProps) {
  return (
    <Layout title="Notifications" active="/notifications" unreadNotifications={props.unread}>
      <form class="toolbar" hx-post="/notifications/read-all" hx-target={`#${NOTIFICATION_LIST_ID}`} hx-swap="outerHTML">
        <p class="muted">{props.unread === 0 ? 'Everything is read.' : `${props.unread} unread.`}</p>
        <div>
          <button type="submit" class="secondary" disabled={props.unread === 0}>
            Mark all read
          </button>
        </div>
      </form>
      <NotificationList notifications={props.notifications} />
    </Layout>
  )
}
