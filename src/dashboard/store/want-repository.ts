import { desc, eq } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { wants } from './schema'

export type WantRow = typeof wants.$inferSelect

/** Owner of the wants table. */
export function createWantRepository(orm: StoreOrm) {
  return {
    /** Higher priority first, then newest (the UI's order). */
    list(): WantRow[] {
      return orm.select().from(wants).orderBy(desc(wants.priority), desc(wants.createdAt)).all()
    },
    listActive(): WantRow[] {
      return orm.select().from(wants).where(eq(wants.status, 'active')).all()
    },
    find(id: string): WantRow | undefined {
      return orm.select().from(wants).where(eq(wants.id, id)).get()
    },
    insert(row: WantRow): WantRow {
      return orm.insert(wants).values(row).returning().get()
    },
    update(id: string, changes: Partial<Omit<WantRow, 'id' | 'createdAt'>>): WantRow | undefined {
      return orm.update(wants).set(changes).where(eq(wants.id, id)).returning().get()
    },
    delete(id: string): boolean {
      return orm.delete(wants).where(eq(wants.id, id)).returning({ id: wants.id }).all().length > 0
    },
  }
}

export type WantRepository = ReturnType<typeof createWantRepository>
