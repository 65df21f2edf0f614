import type { Notification, NotificationType } from '../notifications'
import type { Notice } from './model'

const TITLES: Record<NotificationType | 'test', string> = {
  want_fulfilled: 'Want fulfilled',
  webhook_delivery_failed: 'Webhook delivery failed',
  crawler_warning: 'Crawler warning',
  test: 'Test notification',
}

/** What a target is sent for a notification: its type and text under a title people read, in ASCII (ntfy sends it as a header). */
export function noticeOf(notification: Notification): Notice {
  return {
    type: notification.type,
    title: `dht-indexer: ${TITLES[notification.type]}`,
    message: notification.message,
    created_at: notification.created_at,
    id: notification.id,
  }
}

/** The notice a Test button sends, naming the target so the person knows which one reached them. */
export function testNotice(targetName: string, now: Date): Notice {
  return {
    type: 'test',
    title: `dht-indexer: ${TITLES.test}`,
    message: `If you can read this, notifications reach you through "${targetName}".`,
    created_at: now.toISOString(),
  }
}
