import type { SQL } from 'bun'
import { type FetchRequest, type FetchRequestStore, type FetchState, OPEN_STATES } from '../../../fetch-requests'
import { int, pgCall } from '../pools'
import type { ChangeFeed } from './changes'

const hashOf = (infoHash: string) => Buffer.from(infoHash, 'hex')

interface FetchRequestRow {
  info_hash: Buffer
  name: string | null
  state: FetchState
  detail: string | null
  peers: string
  trackers: string
  requested_at_ms: string
  updated_at_ms: string
  deadline_at_ms: string
}

const toRequest = (row: FetchRequestRow): FetchRequest => ({
  infoHash: row.info_hash.toString('hex'),
  name: row.name,
  state: row.state,
  detail: row.detail,
  peers: JSON.parse(row.peers),
  trackers: JSON.parse(row.trackers),
  requestedAtMs: int(row.requested_at_ms),
  updatedAtMs: int(row.updated_at_ms),
  deadlineAtMs: int(row.deadline_at_ms),
})

/** The fetch_requests table, and whether the index holds a hash already; a saved request is told to the other processes. */
export function createPgFetchRequestStore(sql: SQL, changes: ChangeFeed): FetchRequestStore {
  const open = [...OPEN_STATES]
  return {
    save: pgCall(async (request: FetchRequest) => {
      const row = {
        info_hash: hashOf(request.infoHash),
        name: request.name,
        state: request.state,
        detail: request.detail,
        peers: JSON.stringify(request.peers),
        trackers: JSON.stringify(request.trackers),
        requested_at_ms: request.requestedAtMs,
        updated_at_ms: request.updatedAtMs,
        deadline_at_ms: request.deadlineAtMs,
      }
      await sql.begin(async (tx) => {
        await tx`INSERT INTO fetch_requests ${tx(row)}
          ON CONFLICT (info_hash) DO UPDATE SET name = excluded.name, state = excluded.state, detail = excluded.detail,
            peers = excluded.peers, trackers = excluded.trackers, requested_at_ms = excluded.requested_at_ms,
            updated_at_ms = excluded.updated_at_ms, deadline_at_ms = excluded.deadline_at_ms`
        await changes.announce(tx, 'fetch_requests')
      })
    }),
    onExternalChange: (listener) => changes.on('fetch_requests', listener),
    get: pgCall(async (infoHash: string) => {
      const [row] = await sql`SELECT * FROM fetch_requests WHERE info_hash = ${hashOf(infoHash)}`
      return row ? toRequest(row) : null
    }),
    list: pgCall(async (limit: number) => {
      const rows = await sql`SELECT * FROM fetch_requests ORDER BY requested_at_ms DESC LIMIT ${limit}`
      return rows.map(toRequest)
    }),
    listOpen: pgCall(async () => {
      const rows = await sql`SELECT * FROM fetch_requests WHERE state = ANY(${open}::text[])`
      return rows.map(toRequest)
    }),
    indexed: pgCall(async (infoHashes: readonly string[]) => {
      if (infoHashes.length === 0) return new Set<string>()
      const rows = await sql`SELECT info_hash FROM torrents WHERE info_hash = ANY(${infoHashes.map(hashOf)}::bytea[])`
      return new Set<string>(rows.map((row: { info_hash: Buffer }) => row.info_hash.toString('hex')))
    }),
    transition: pgCall(async (infoHash: string, change: Pick<FetchRequest, 'state' | 'detail'>, nowMs: number) => {
      const [row] = await sql`UPDATE fetch_requests SET state = ${change.state}, detail = ${change.detail}, updated_at_ms = ${nowMs}
        WHERE info_hash = ${hashOf(infoHash)} AND state = ANY(${open}::text[]) RETURNING *`
      return row ? toRequest(row) : null
    }),
  }
}
