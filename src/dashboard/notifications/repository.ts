import { count, desc, eq } from 'drizzle-orm'
import type { StoreOrm } from '../store/open-store'
import { notifications } from '../store/schema'
import type { Notification, NotificationType } from './model'

/** The newest notifications a listing returns; older ones stay in the store. */
const LIST_LIMIT = 200

type Row = typeof notifications.$inferSelect

const toNotification = (row: Row): Notification => ({
  id: String(row.id),
  type: row.type,
  message: row.message,
  read: row.read,
  created_at: row.createdAt,
})

/** Owner of the notifications table. */
export function createNotificationRepository(orm: StoreOrm) {
  return {
    /** Adds one unless a notification with the same `dedupeKey` exists; returns it when added. */
    add(type: NotificationType, message: string, dedupeKey?: string): Notification | null {
      const row = orm
        .insert(notifications)
        .values({ type, message, createdAt: new Date().toISOString(), dedupeKey: dedupeKey ?? null })
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning()
        .get()
      return row ? toNotification(row) : null
    },
    list(): Notification[] {
      return orm.select().from(notifications).orderBy(desc(notifications.id)).limit(LIST_LIMIT).all().map(toNotification)
    },
    markAllRead(): void {
      orm.update(notifications).set({ read: true }).where(eq(notifications.read, false)).run()
    },
    countUnread(): number {
      return orm.select({ n: count() }).from(notifications).where(eq(notifications.read, false)).get()?.n ?? 0
    },
    markRead(id: number): Notification | null {
      const row = orm.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning().get()
      return row ? toNotification(row) : null
    },
  }
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>
