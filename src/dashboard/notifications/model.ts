import { t } from 'elysia'

export type NotificationType = 'want_fulfilled' | 'webhook_delivery_failed' | 'crawler_warning'

/** A notification as the API shows it (spec 2.1). */
export interface Notification {
  id: string
  type: NotificationType
  message: string
  read: boolean
  created_at: string
}

export const NotificationParams = t.Object({ id: t.String({ maxLength: 64 }) })
