import type { Child } from 'hono/jsx'
import { Layout, UnreadBadge, chromeOf, type PageChrome } from '../layout'
import { NotificationRow, type NotificationView } from '../partials/notification-row'

export interface NotificationsPageProps extends PageChrome {
  notifications: NotificationView[]
}

/** The id the notification list fills; "Mark all read" swaps it. */
export const NOTIFICATION_LIST_ID = 'notification-list'

/** The list refetches itself (with the counts, out of band) as each notification is created. */
const LIVE_LIST = { 'hx-get': '/notifications/list', 'hx-trigger': 'sse:notification, every 10s', 'hx-swap': 'outerHTML' }

export function NotificationList(props: { notifications: NotificationView[] }) {
  if (props.notifications.length === 0)
    return (
      <p id={NOTIFICATION_LIST_ID} class="card muted" {...LIVE_LIST}>
        No notifications yet.
      </p>
    )
  return (
    <div id={NOTIFICATION_LIST_ID} class="table-wrap" {...LIVE_LIST}>
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

const UNREAD_SUMMARY_ID = 'notifications-unread'

/** "3 unread." above the list; refreshed out of band after each Mark read, with the nav's count. */
export function UnreadSummary(props: { unread: number; isOutOfBand?: boolean }) {
  return (
    <p id={UNREAD_SUMMARY_ID} class="muted" {...(props.isOutOfBand ? { 'hx-swap-oob': 'true' } : {})}>
      {props.unread === 0 ? 'Everything is read.' : `${props.unread} unread.`}
    </p>
  )
}

/** A Mark read answer: the row or list it swaps, then the counts that changed (out of band). */
export function WithUnreadCounts(props: { unread: number; children: Child }) {
  return (
    <>
      {props.children}
      <UnreadSummary unread={props.unread} isOutOfBand />
      <UnreadBadge unread={props.unread} isOutOfBand />
    </>
  )
}

export function NotificationsPage(props: NotificationsPageProps) {
  return (
    <Layout title="Notifications" active="/notifications" {...chromeOf(props)}>
      <form class="toolbar" hx-post="/notifications/read-all" hx-target={`#${NOTIFICATION_LIST_ID}`} hx-swap="outerHTML">
        <UnreadSummary unread={props.unread} />
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
