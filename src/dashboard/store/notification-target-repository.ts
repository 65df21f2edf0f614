import { asc, eq, sql } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { notificationTargets } from './schema'

export type NotificationTargetRow = typeof notificationTargets.$inferSelect

/** Owner of the notification_targets table. */
export function createNotificationTargetRepository(orm: StoreOrm) {
  return {
    /** By name, as the settings page lists them. */
    list(): NotificationTargetRow[] {
      return orm
        .select()
        .from(notificationTargets)
        .orderBy(asc(sql`${notificationTargets.name} COLLATE NOCASE`))
        .all()
    },
    find(id: string): NotificationTargetRow | undefined {
      return orm.select().from(notificationTargets).where(eq(notificationTargets.id, id)).get()
    },
    findByName(name: string): NotificationTargetRow | undefined {
      return orm.select().from(notificationTargets).where(sql`${notificationTargets.name} = ${name} COLLATE NOCASE`).get()
    },
    insert(row: NotificationTargetRow): NotificationTargetRow {
      return orm.insert(notificationTargets).values(row).returning().get()
    },
    update(id: string, changes: Partial<Omit<NotificationTargetRow, 'id' | 'createdAt'>>): NotificationTargetRow | undefined {
      return orm.update(notificationTargets).set(changes).where(eq(notificationTargets.id, id)).returning().get()
    },
    delete(id: string): boolean {
      return (
        orm.delete(notificationTargets).where(eq(notificationTargets.id, id)).returning({ id: notificationTargets.id }).all().length > 0
      )
    },
  }
}

export type NotificationTargetRepository = ReturnType<typeof createNotificationTargetRepository>
