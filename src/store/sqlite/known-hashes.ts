import type { KnownHashesReader } from '../../dht'
import { infoHashPrefix } from '../../metainfo'
import type { SqliteReaderSpec } from '../reader-spec'
import { openSqlite } from '../sqlite-file'
import { asPortMethods } from './port-call'

/**
 * The crawler thread's reader of which hashes the index holds: its own read-only connection (WAL
 * lets it read beside the writer), single-row reads and pages by id, so its page cache stays small.
 */
export function openSqliteKnownHashesReader(spec: SqliteReaderSpec): KnownHashesReader {
  const sqlite = openSqlite(spec.path, { readonly: true, cacheSizeMb: spec.cacheSizeMb })
  const page = sqlite.query<{ id: number; info_hash: Uint8Array }, [number, number]>(
    'SELECT id, info_hash FROM torrents WHERE id > ? ORDER BY id LIMIT ?',
  )
  const blocked = sqlite.query<{ info_hash: Uint8Array }, []>('SELECT info_hash FROM blocked_torrents')
  const evicted = sqlite.query<{ hash_prefix: bigint }, []>('SELECT hash_prefix FROM evicted_torrents').safeIntegers(true)
  const exists = sqlite.query<{ found: number }, [Uint8Array, Uint8Array, bigint]>(
    `SELECT EXISTS (SELECT 1 FROM torrents WHERE info_hash = ?) OR EXISTS (SELECT 1 FROM blocked_torrents WHERE info_hash = ?)
       OR EXISTS (SELECT 1 FROM evicted_torrents WHERE hash_prefix = ?) AS found`,
  )
  const methods = {
    hashesAfter(afterId: number, limit: number): { hashes: Uint8Array[]; lastId: number } {
      const rows = page.all(afterId, limit)
      return { hashes: rows.map((row) => row.info_hash), lastId: rows.at(-1)?.id ?? afterId }
    },
    blockedHashes: (): Uint8Array[] => blocked.all().map((row) => row.info_hash),
    evictedPrefixes: (): bigint[] => evicted.all().map((row) => row.hash_prefix),
    whichKnown: (hashes: readonly Uint8Array[]): boolean[] =>
      hashes.map((hash) => exists.get(hash, hash, infoHashPrefix(hash))!.found === 1),
    close: (): void => sqlite.close(true),
  }
  return asPortMethods(methods)
}
