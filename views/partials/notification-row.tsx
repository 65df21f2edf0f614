import type { Notification } from '../../src/dashboard/notifications/model'
import { TimeAgo } from './time-ago'

const LABELS: Record<Notification['type'], string> = {
  want_fulfilled: 'Want fulfilled',
  webhook_delivery_failed: 'Webhook failed',
  crawler_warning: 'Crawler warning',
}

/** The id of a notification's row, the `hx-target` its Mark read button swaps. */
export const notificationRowId = (id: string) => `notification-${id}`

export function NotificationRow(props: { notification: Notification }) {
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
