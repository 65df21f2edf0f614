import { AppError } from '../../app-error'
import type { EventBus } from '../events'
import type { Notification, NotificationType } from './model'
import type { NotificationRepository, NotificationRow } from '../store'

export class NotificationNotFoundError extends AppError {
  constructor(id: string) {
    super('not_found', `no notification with id ${id}`)
  }
}

const toNotification = (row: NotificationRow): Notification => ({
  id: String(row.id),
  type: row.type,
  message: row.message,
  read: row.read,
  created_at: row.createdAt,
})

/** Creates notifications (announcing each on the event bus) and marks them read. */
export function createNotificationService(deps: { repository: NotificationRepository; events: EventBus }) {
  return {
    /** `dedupeKey` names the fact notified (a batch id, a want), so a repeated poll adds nothing. */
    notify(type: NotificationType, message: string, dedupeKey?: string): Notification | null {
      const added = deps.repository.add(type, message, dedupeKey)
      const created = added ? toNotification(added) : null
      if (created) deps.events.publish({ type: 'notification', data: created })
      return created
    },
    list: (): Notification[] => deps.repository.list().map(toNotification),
    countUnread: () => deps.repository.countUnread(),
    markAllRead: () => deps.repository.markAllRead(),
    /** Any id that names no notification (not a number, say) is a 404, as the spec lists. */
    markRead(id: string): Notification {
      const updated = /^[1-9][0-9]{0,14}$/.test(id) ? deps.repository.markRead(Number(id)) : null
      if (!updated) throw new NotificationNotFoundError(id)
      return toNotification(updated)
    },
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
