import { desc, eq, inArray } from 'drizzle-orm'
import { type DatabaseHandle, schema } from '../db'
import { bytesToHex, hexToBytes } from '../metainfo'
import { type FetchRequest, OPEN_STATES } from './model'

const { fetchRequests, torrents } = schema

/** The fetch_requests table, and whether the index holds a hash already. */
export function createFetchRequestRepository(db: DatabaseHandle) {
  const { orm } = db
  const toRequest = (row: typeof fetchRequests.$inferSelect): FetchRequest => ({ ...row, infoHash: bytesToHex(row.infoHash) })
  return {
    save(request: FetchRequest): void {
      const row = { ...request, infoHash: Buffer.from(hexToBytes(request.infoHash)) }
      orm.insert(fetchRequests).values(row).onConflictDoUpdate({ target: fetchRequests.infoHash, set: row }).run()
    },
    get(infoHash: string): FetchRequest | undefined {
      const row = orm
        .select()
        .from(fetchRequests)
        .where(eq(fetchRequests.infoHash, Buffer.from(hexToBytes(infoHash))))
        .get()
      return row ? toRequest(row) : undefined
    },
    /** Newest first. */
    list(limit: number): FetchRequest[] {
      return orm.select().from(fetchRequests).orderBy(desc(fetchRequests.requestedAtMs)).limit(limit).all().map(toRequest)
    },
    listOpen(): FetchRequest[] {
      return orm
        .select()
        .from(fetchRequests)
        .where(inArray(fetchRequests.state, [...OPEN_STATES]))
        .all()
        .map(toRequest)
    },
    isIndexed(infoHash: string): boolean {
      return (
        orm
          .select({ id: torrents.id })
          .from(torrents)
          .where(eq(torrents.infoHash, Buffer.from(hexToBytes(infoHash))))
          .get() !== undefined
      )
    },
  }
}

export type FetchRequestRepository = ReturnType<typeof createFetchRequestRepository>
