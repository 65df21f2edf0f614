import { openDatabase, type DatabaseHandle } from '../db'
import { infoHashPrefix } from '../metainfo'
import { SeenFilter } from './seen-filter'

const LOAD_CHUNK = 20_000

/**
 * Which info hashes the index already holds (or has blocked), as the crawler's worker sees
 * them: a fixed-size Bloom filter filled from a read-only connection, so the question costs no
 * database read for a new hash, and a maybe is confirmed by one primary-key lookup. Rows the
 * main thread writes later (imports, our own fetches) are picked up by `catchUp`.
 */
export function openKnownHashes(databasePath: string, filterBytes: number) {
  const db: DatabaseHandle = openDatabase(databasePath, { readonly: true })
  // The worker reads single rows; the writer's 16 MiB page cache would be wasted here.
  db.sqlite.run('PRAGMA cache_size = -2048')
  const filter = new SeenFilter(filterBytes)
  const page = db.sqlite.query<{ id: number; info_hash: Uint8Array }, [number, number]>(
    'SELECT id, info_hash FROM torrents WHERE id > ? ORDER BY id LIMIT ?',
  )
  const blocked = db.sqlite.query<{ info_hash: Uint8Array }, []>('SELECT info_hash FROM blocked_torrents')
  const exists = db.sqlite.query<{ found: number }, [Uint8Array, Uint8Array, bigint]>(
    `SELECT EXISTS (SELECT 1 FROM torrents WHERE info_hash = ?) OR EXISTS (SELECT 1 FROM blocked_torrents WHERE info_hash = ?)
       OR EXISTS (SELECT 1 FROM evicted_torrents WHERE hash_prefix = ?) AS found`,
  )
  // Torrents the storage cap evicted stay skipped: the filter holds a key made of the 8 bytes it
  // reads (SeenFilter seeds), loaded once; a later eviction takes a torrent the filter already holds.
  const prefixKey = new Uint8Array(8)
  const prefixView = new DataView(prefixKey.buffer)
  const evicted = db.sqlite.query<{ hash_prefix: bigint }, []>('SELECT hash_prefix FROM evicted_torrents').safeIntegers(true)
  for (const row of evicted.iterate()) {
    prefixView.setBigInt64(0, row.hash_prefix)
    filter.add(prefixKey)
  }
  let lastId = 0

  return {
    /** Adds rows written since the last call, a chunk at a time; returns how many it added. */
    catchUp(): number {
      let added = 0
      for (;;) {
        const rows = page.all(lastId, LOAD_CHUNK)
        if (rows.length === 0) break
        for (const row of rows) filter.add(row.info_hash)
        lastId = rows.at(-1)!.id
        added += rows.length
        if (rows.length < LOAD_CHUNK) break
      }
      for (const row of blocked.all()) filter.add(row.info_hash)
      return added
    },
    has(hash: Uint8Array): boolean {
      return filter.mightHave(hash) && exists.get(hash, hash, infoHashPrefix(hash))!.found === 1
    },
    close: () => db.close(),
  }
}

export type KnownHashes = ReturnType<typeof openKnownHashes>
