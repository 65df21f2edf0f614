import type { Database } from 'bun:sqlite'
import type { ExportedTorrent, ExportStore } from '../../sync'
import { CHUNK_TORRENTS, type TorrentRow, toExported, withinFileBudget } from '../shared/export-rows'

/**
 * The export's reads, in row id order (torrents.id: SQLite gives each new row the next id above
 * the largest, so rows stored during an export come after it). A chunk's four reads run in one
 * read transaction: a CLI export beside the running service sees each chunk whole.
 */
export function createSqliteExportStore(db: Database): ExportStore {
  const positionAt = db.prepare<{ id: number }, [number, number]>('SELECT id FROM torrents WHERE id > ? ORDER BY id LIMIT 1 OFFSET ?')
  const torrentsAfter = db.prepare<TorrentRow, [number, number, number]>(
    `SELECT t.id, t.info_hash, t.info_hash_v2, t.name, t.size, t.private, t.files_count, t.seeders, t.leechers, t.published_at, t.grabs,
       c.content_type, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id,
       g.content_type AS label_type, g.title AS label_title, g.year AS label_year, g.seasons AS label_seasons,
       g.episodes AS label_episodes, g.labelled_by, g.labelled_at
     FROM torrents t
     LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
     LEFT JOIN ground_truth_labels g ON g.info_hash = t.info_hash
     WHERE t.id > ? AND t.id <= ? ORDER BY t.id LIMIT ?`,
  )
  // Rows as arrays: a chunk reads thousands of file rows, and building an object for each cost more.
  const filesIn = db.prepare<unknown, [number, number]>(
    'SELECT torrent_id, file_index, path, size FROM torrent_files WHERE torrent_id BETWEEN ? AND ? ORDER BY torrent_id, file_index',
  )
  // The first source to bring each torrent, by its own publish time (ties by the older source).
  const sourcesIn = db.prepare<{ torrent_id: number; key: string }, [number, number]>(
    `SELECT ts.torrent_id, s.key FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id
     WHERE ts.torrent_id BETWEEN ? AND ? ORDER BY ts.torrent_id, ts.published_at DESC, ts.source_id DESC`,
  )
  const operatorTagsIn = db.prepare<{ torrent_id: number; tag: string }, [number, number]>(
    'SELECT torrent_id, tag FROM torrent_tags WHERE torrent_id BETWEEN ? AND ? AND by_rule = 0 ORDER BY torrent_id, tag',
  )
  const extent = db.prepare<{ torrents: number; last: number | null }, []>(
    'SELECT (SELECT coalesce(sum(torrents), 0) FROM torrent_counts) AS torrents, (SELECT max(id) FROM torrents) AS last',
  )

  const readChunk = db.transaction((afterPosition: number, throughPosition: number): ExportedTorrent[] => {
    const rows = withinFileBudget(torrentsAfter.all(afterPosition, throughPosition, CHUNK_TORRENTS))
    if (rows.length === 0) return []
    const first = rows[0]!.id
    const last = rows.at(-1)!.id
    const torrents = new Map(rows.map((row) => [row.id, toExported(row)]))
    for (const [torrentId, index, path, sizeBytes] of filesIn.values(first, last) as [number, number, string, number][])
      torrents.get(torrentId)?.files.push({ index, path, sizeBytes })
    // Newest first, so the last one written for a torrent is its first source.
    for (const source of sourcesIn.iterate(first, last)) {
      const torrent = torrents.get(source.torrent_id)
      if (torrent) torrent.source = source.key
    }
    for (const tag of operatorTagsIn.iterate(first, last)) torrents.get(tag.torrent_id)?.tags.push(tag.tag)
    return [...torrents.values()]
  })

  return {
    async pageBounds(afterPosition, limit) {
      const lastPosition = positionAt.get(afterPosition, limit - 1)?.id ?? null
      if (lastPosition !== null) return { lastPosition, hasMore: positionAt.get(lastPosition, 0) !== null }
      // Fewer than `limit` remain: the page runs to the last torrent there is now.
      const last = extent.get()!.last
      return { lastPosition: last !== null && last > afterPosition ? last : null, hasMore: false }
    },
    async readChunk(afterPosition, throughPosition) {
      return readChunk.deferred(afterPosition, throughPosition)
    },
    async extent() {
      const { torrents, last } = extent.get()!
      return { torrents, lastPosition: last ?? 0 }
    },
  }
}
