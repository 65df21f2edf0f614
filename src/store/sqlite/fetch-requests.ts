import { and, desc, eq, inArray } from 'drizzle-orm'
import { type FetchRequest, type FetchRequestStore, OPEN_STATES } from '../../fetch-requests'
import { bytesToHex, hexToBytes } from '../../metainfo'
import type { DatabaseHandle } from './open-database'
import { asPortMethods, neverCalled } from './port-call'
import * as schema from './schema'

const { fetchRequests, torrents } = schema

const hashOf = (infoHash: string) => Buffer.from(hexToBytes(infoHash))

const HASHES_PER_LOOKUP = 500

/** The fetch_requests table, and whether the index holds a hash already. */
export function createSqliteFetchRequestStore(db: DatabaseHandle): FetchRequestStore {
  const { orm } = db
  const toRequest = (row: typeof fetchRequests.$inferSelect): FetchRequest => ({ ...row, infoHash: bytesToHex(row.infoHash) })
  const methods = {
    save(request: FetchRequest): void {
      const row = { ...request, infoHash: hashOf(request.infoHash) }
      orm.insert(fetchRequests).values(row).onConflictDoUpdate({ target: fetchRequests.infoHash, set: row }).run()
    },
    get(infoHash: string): FetchRequest | null {
      const row = orm
        .select()
        .from(fetchRequests)
        .where(eq(fetchRequests.infoHash, hashOf(infoHash)))
        .get()
      return row ? toRequest(row) : null
    },
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
    indexed(infoHashes: readonly string[]): Set<string> {
      const found = new Set<string>()
      // In slices, to stay well under SQLite's limit on bound parameters however many are open.
      for (let start = 0; start < infoHashes.length; start += HASHES_PER_LOOKUP) {
        const slice = infoHashes.slice(start, start + HASHES_PER_LOOKUP).map(hashOf)
        for (const row of orm.select({ infoHash: torrents.infoHash }).from(torrents).where(inArray(torrents.infoHash, slice)).all())
          found.add(bytesToHex(row.infoHash))
      }
      return found
    },
    transition(infoHash: string, change: Pick<FetchRequest, 'state' | 'detail'>, nowMs: number): FetchRequest | null {
      const row = orm
        .update(fetchRequests)
        .set({ state: change.state, detail: change.detail, updatedAtMs: nowMs })
        .where(and(eq(fetchRequests.infoHash, hashOf(infoHash)), inArray(fetchRequests.state, [...OPEN_STATES])))
        .returning()
        .get()
      return row ? toRequest(row) : null
    },
  }
  return { ...asPortMethods(methods), onExternalChange: neverCalled }
}
