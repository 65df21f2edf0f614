import type { KnownHashesReader } from '../../../dht'
import { infoHashPrefix } from '../../../metainfo'
import type { PgReaderSpec } from '../../reader-spec'
import { int, openPgPool, pgCall } from '../pools'

/**
 * The crawler thread's reader of which hashes the index holds, on its own small pool to the
 * primary (the thread cannot share the main thread's). Pages go by id; with several writers an id
 * may commit after a higher one was read past, and that hash is then only missing from the
 * crawler's filter (it fetches it again; the writer keeps one row per hash).
 */
export function openPgKnownHashesReader(spec: PgReaderSpec): KnownHashesReader {
  const sql = openPgPool(spec.url, { max: spec.maxConnections })
  return {
    hashesAfter: pgCall(async (afterId: number, limit: number) => {
      const rows = await sql`SELECT id, info_hash FROM torrents WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`
      return {
        hashes: rows.map((row: { info_hash: Uint8Array }) => row.info_hash),
        lastId: rows.length > 0 ? int(rows.at(-1).id) : afterId,
      }
    }),
    blockedHashes: pgCall(async () =>
      (await sql`SELECT info_hash FROM blocked_torrents`).map((row: { info_hash: Uint8Array }) => row.info_hash),
    ),
    evictedPrefixes: pgCall(async () =>
      (await sql`SELECT hash_prefix FROM evicted_torrents`).map((row: { hash_prefix: string }) => BigInt(row.hash_prefix)),
    ),
    whichKnown: pgCall(async (hashes: readonly Uint8Array[]) => {
      if (hashes.length === 0) return []
      const rows = await sql`SELECT EXISTS (SELECT 1 FROM torrents t WHERE t.info_hash = h.hash)
          OR EXISTS (SELECT 1 FROM blocked_torrents b WHERE b.info_hash = h.hash)
          OR EXISTS (SELECT 1 FROM evicted_torrents e WHERE e.hash_prefix = h.prefix) AS found
        FROM unnest(${[...hashes]}::bytea[], ${hashes.map((hash) => infoHashPrefix(hash).toString())}::int8[]) WITH ORDINALITY AS h (hash, prefix, n)
        ORDER BY h.n`
      return rows.map((row: { found: boolean }) => row.found)
    }),
    close: pgCall(async () => sql.close()),
  }
}
