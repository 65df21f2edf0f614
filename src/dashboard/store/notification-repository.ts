import { count, desc, eq } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { notifications } from './schema'

/** The newest notifications a listing returns; older ones stay in the store. */
const LIST_LIMIT = 200

export type NotificationRow = typeof notifications.$inferSelect

/** Owner of the notifications table. */
export function createNotificationRepository(orm: StoreOrm) {
  return {
    /** Adds one unless a notification with the same `dedupeKey` exists; returns it when added. */
    add(type: NotificationRow['type'], message: string, dedupeKey?: string): NotificationRow | null {
      const row = orm
        .insert(notifications)
        .values({ type, message, createdAt: new Date().toISOString(), dedupeKey: dedupeKey ?? null })
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning()
        .get()
      return row ?? null
    },
    list(): NotificationRow[] {
      return orm.select().from(notifications).orderBy(desc(notifications.id)).limit(LIST_LIMIT).all()
    },
    markAllRead(): void {
      orm.update(notifications).set({ read: true }).where(eq(notifications.read, false)).run()
    },
    countUnread(): number {
      return orm.select({ n: count() }).from(notifications).where(eq(notifications.read, false)).get()?.n ?? 0
    },
    markRead(id: number): NotificationRow | null {
      const row = orm.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning().get()
      return row ?? null
    },
  }
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>
