import type { Database } from 'bun:sqlite'
import { hexToBytes } from '../metainfo'
import type { Candidate } from '../search'

export type TorrentRow = Pick<
  Candidate,
  'id' | 'name' | 'size' | 'files_count' | 'seeders' | 'leechers' | 'published_at' | 'info_hash_v2'
> & {
  updated_at: number
}

export interface FileRow {
  info_hash: Uint8Array
  file_index: number
  path: string
  size: number
  extension: string | null
  file_type: string
  published_at: number
  updated_at: number
}

const IN = (count: number) => Array(count).fill('?').join(',')

/**
 * The torrent-level reads and writes of the GraphQL API: details beside a search item (files,
 * sources, tags), the operator's tag edits and deletes. Deletes go through the torrents row: the
 * cascade and triggers remove files, tags, classification and index entries in the same transaction.
 */
export function createTorrentRepository(db: Database) {
  const byHash = db.prepare<TorrentRow, [Uint8Array]>(
    'SELECT id, name, size, files_count, seeders, leechers, published_at, updated_at, info_hash_v2 FROM torrents WHERE info_hash = ?',
  )
  const sourcesOf = db.prepare<{ key: string; name: string }, [number]>(
    'SELECT s.key, s.name FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id WHERE ts.torrent_id = ? ORDER BY ts.published_at, s.key',
  )
  const tagsOf = db.prepare<{ tag: string }, [number]>('SELECT tag FROM torrent_tags WHERE torrent_id = ? ORDER BY tag')
  const fileTypesOf = db.prepare<{ file_type: string; bytes: number }, [number]>(
    'SELECT file_type, sum(size) AS bytes FROM torrent_files WHERE torrent_id = ? GROUP BY file_type ORDER BY bytes DESC, file_type',
  )
  const idsOf = (hashes: string[]) =>
    db
      .query<{ id: number }, Uint8Array[]>(`SELECT id FROM torrents WHERE info_hash IN (${IN(hashes.length)})`)
      .all(...hashes.map(hexToBytes))
      .map((row) => row.id)
  const addTag = db.prepare(
    'INSERT INTO torrent_tags (torrent_id, tag, by_rule) VALUES (?, ?, 0) ON CONFLICT (torrent_id, tag) DO UPDATE SET by_rule = 0',
  )

  return {
    byHash(infoHash: string): TorrentRow | null {
      return byHash.get(hexToBytes(infoHash))
    },
    sourcesOf: (torrentId: number) => sourcesOf.all(torrentId),
    tagsOf: (torrentId: number) => tagsOf.all(torrentId).map((row) => row.tag),
    /** File types by their share of bytes, the largest first. */
    fileTypesOf: (torrentId: number) => fileTypesOf.all(torrentId).map((row) => row.file_type),

    /**
     * A page of files (one more than `limit` is read to tell whether another page follows). The
     * total is counted only when asked: over the whole index that is every file row.
     */
    files(
      infoHashes: string[] | null,
      order: { column: 'file_index' | 'path' | 'extension' | 'size'; descending: boolean },
      limit: number,
      offset: number,
      countTotal: boolean,
    ) {
      const where = infoHashes ? `WHERE t.info_hash IN (${IN(infoHashes.length)})` : ''
      const direction = order.descending ? 'DESC' : 'ASC'
      const params = infoHashes?.map(hexToBytes) ?? []
      const items = db
        .query<FileRow, (Uint8Array | number)[]>(
          `SELECT t.info_hash, f.file_index, f.path, f.size, f.extension, f.file_type, t.published_at, t.updated_at
           FROM torrent_files f JOIN torrents t ON t.id = f.torrent_id ${where}
           ORDER BY f.${order.column} ${direction}, t.info_hash, f.file_index LIMIT ? OFFSET ?`,
        )
        .all(...params, limit + 1, offset)
      const hasNextPage = items.length > limit
      const total = countTotal
        ? (
            db
              .query<{ n: number }, Uint8Array[]>(
                `SELECT count(*) AS n FROM torrent_files f JOIN torrents t ON t.id = f.torrent_id ${where}`,
              )
              .get(...params) as { n: number }
          ).n
        : offset + Math.min(items.length, limit)
      return { items: items.slice(0, limit), total, hasNextPage }
    },

    listSources: () => db.query<{ key: string; name: string }, []>('SELECT key, name FROM sources ORDER BY key').all(),

    suggestTags(prefix: string, exclusions: string[], limit: number) {
      return db
        .query<{ name: string; count: number }, (string | number)[]>(
          `SELECT tag AS name, count(*) AS count FROM torrent_tags WHERE tag >= ? AND tag < ? ${exclusions.length ? `AND tag NOT IN (${IN(exclusions.length)})` : ''}
           GROUP BY tag ORDER BY count DESC, tag LIMIT ?`,
        )
        .all(prefix, `${prefix}\uffff`, ...exclusions, limit)
    },

    /** Torrents first seen (updated = false) and updated (true) per source and time bucket. */
    metrics(bucketSeconds: number, sources: string[] | null, startSeconds: number | null, endSeconds: number | null) {
      const filters: string[] = []
      const params: (string | number)[] = []
      if (sources?.length) {
        filters.push(`s.key IN (${IN(sources.length)})`)
        params.push(...sources)
      }
      const windowed = (column: string) => {
        const clauses = [...filters]
        const values = [...params]
        if (startSeconds !== null) clauses.push(`${column} >= ${Math.floor(startSeconds)}`)
        if (endSeconds !== null) clauses.push(`${column} < ${Math.floor(endSeconds)}`)
        return { sql: clauses.length ? `AND ${clauses.join(' AND ')}` : '', values }
      }
      const created = windowed('ts.published_at')
      const updated = windowed('ts.updated_at')
      return db
        .query<{ source: string; bucket: number; updated: number; count: number }, (string | number)[]>(
          `SELECT s.key AS source, (ts.published_at / ?1) * ?1 AS bucket, 0 AS updated, count(*) AS count
             FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id WHERE 1 ${created.sql} GROUP BY 1, 2
           UNION ALL
           SELECT s.key, (ts.updated_at / ?1) * ?1, 1, count(*)
             FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id WHERE ts.updated_at > ts.published_at ${updated.sql} GROUP BY 1, 2
           ORDER BY 2, 1, 3`,
        )
        .all(bucketSeconds, ...created.values, ...updated.values)
    },

    /** Deletes the torrents and blocks their hashes, so neither an import nor the crawler brings them back. */
    delete: db.transaction((infoHashes: string[], nowSeconds: number): number => {
      const hashes = infoHashes.map(hexToBytes)
      const deleted = db.query(`DELETE FROM torrents WHERE info_hash IN (${IN(hashes.length)})`).run(...hashes).changes
      const block = db.prepare(`INSERT OR IGNORE INTO blocked_torrents (info_hash, rule_id, blocked_at) VALUES (?, 'operator-delete', ?)`)
      for (const hash of hashes) block.run(hash, nowSeconds)
      return deleted
    }),

    /** Adds operator tags (`replace` drops the torrents' other operator tags first). */
    putTags: db.transaction((infoHashes: string[], tags: string[], replace: boolean) => {
      const ids = idsOf(infoHashes)
      if (replace && ids.length) db.query(`DELETE FROM torrent_tags WHERE by_rule = 0 AND torrent_id IN (${IN(ids.length)})`).run(...ids)
      for (const id of ids) for (const tag of tags) addTag.run(id, tag)
    }),

    /** Removes tags: of these torrents (all when null), these tags (all operator tags when null). */
    deleteTags: db.transaction((infoHashes: string[] | null, tags: string[] | null) => {
      const clauses = ['1']
      const params: (number | string)[] = []
      if (infoHashes) {
        const ids = idsOf(infoHashes)
        clauses.push(`torrent_id IN (${IN(ids.length) || 'NULL'})`)
        params.push(...ids)
      }
      if (tags) {
        clauses.push(`tag IN (${IN(tags.length) || 'NULL'})`)
        params.push(...tags)
      }
      db.query(`DELETE FROM torrent_tags WHERE ${clauses.join(' AND ')}`).run(...params)
    }),
  }
}

export type TorrentRepository = ReturnType<typeof createTorrentRepository>
