import { TimeAgo } from './time-ago'

/** The kinds of notification the dashboard sends. */
export type NotificationTypeView = 'want_fulfilled' | 'webhook_delivery_failed' | 'crawler_warning'

/** A notification as its row shows it. */
export interface NotificationView {
  id: string
  type: NotificationTypeView
  message: string
  read: boolean
  created_at: string
}

const LABELS: Record<NotificationTypeView, string> = {
  want_fulfilled: 'Want fulfilled',
  webhook_delivery_failed: 'Webhook failed',
  crawler_warning: 'Crawler warning',
}

/** The id of a notification's row, the `hx-target` its Mark read button swaps. */
export const notificationRowId = (id: string) => `notification-${id}`

export function NotificationRow(props: { notification: NotificationView }) {
  const { notification } = props
  return (
    <tr id={notificationRowId(notification.id)} class={notification.read ? 'read' : 'unread'}>
      <td>
        <span class={`tag ${notification.type === 'want_fulfilled' ? 'ok' : 'warn'}`}>{LABELS[notification.type]}</span>
      </td>
      <td class="title">{notification.message}</td>
      <td>
        <TimeAgo iso={notification.created_at} />
      </td>
      <td>
        {notification.read ? (
          <span class="muted">Read</span>
        ) : (
          <button
            type="button"
            class="secondary"
            hx-post={`/notifications/${encodeURIComponent(notification.id)}/read`}
            hx-target={`#${notificationRowId(notification.id)}`}
            hx-swap="outerHTML"
          >
            Mark read
          </button>
        )}
      </td>
    </tr>
  )
}
