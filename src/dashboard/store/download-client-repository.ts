import { asc, eq, sql } from 'drizzle-orm'
import type { StoreOrm } from './open-store'
import { downloadClients } from './schema'

export type DownloadClientRow = typeof downloadClients.$inferSelect

/** Owner of the download_clients table. */
export function createDownloadClientRepository(orm: StoreOrm) {
  return {
    /** By name, as the settings page and the Send buttons list them. */
    list(): DownloadClientRow[] {
      return orm
        .select()
        .from(downloadClients)
        .orderBy(asc(sql`${downloadClients.name} COLLATE NOCASE`))
        .all()
    },
    find(id: string): DownloadClientRow | undefined {
      return orm.select().from(downloadClients).where(eq(downloadClients.id, id)).get()
    },
    /** The client called `name` in any case (names are unique that way), if any. */
    findByName(name: string): DownloadClientRow | undefined {
      return orm.select().from(downloadClients).where(sql`${downloadClients.name} = ${name} COLLATE NOCASE`).get()
    },
    insert(row: DownloadClientRow): DownloadClientRow {
      return orm.insert(downloadClients).values(row).returning().get()
    },
    update(id: string, changes: Partial<Omit<DownloadClientRow, 'id' | 'createdAt'>>): DownloadClientRow | undefined {
      return orm.update(downloadClients).set(changes).where(eq(downloadClients.id, id)).returning().get()
    },
    delete(id: string): boolean {
      return orm.delete(downloadClients).where(eq(downloadClients.id, id)).returning({ id: downloadClients.id }).all().length > 0
    },
  }
}

export type DownloadClientRepository = ReturnType<typeof createDownloadClientRepository>
