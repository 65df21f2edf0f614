import type { SQL } from 'bun'
import type { ExportStore, ExportedTorrent } from '../../../sync'
import { CHUNK_TORRENTS, type TorrentRow, toExported, withinFileBudget } from '../../shared/export-rows'
import { int, intOrNull, pgCall } from '../pools'

/**
 * The export's reads in id order, as on SQLite; a chunk's reads run in one repeatable-read
 * transaction, so each chunk is seen whole beside the writers. Ids come from a sequence: a row
 * whose batch commits after a page past its id was read is left out of that export (the next
 * export has it), where SQLite's single writer never commits out of order.
 */
export function createPgExportStore(primary: SQL): ExportStore {
  const positionAt = async (afterPosition: number, offset: number): Promise<number | null> => {
    const [row] = await primary`SELECT id FROM torrents WHERE id > ${afterPosition} ORDER BY id LIMIT 1 OFFSET ${offset}`
    return row ? int(row.id) : null
  }
  const extent = async () => {
    const [row] =
      await primary`SELECT (SELECT coalesce(sum(torrents), 0) FROM torrent_counts) AS torrents, (SELECT max(id) FROM torrents) AS last`
    return { torrents: int(row.torrents), last: intOrNull(row.last) }
  }

  const readChunk = (afterPosition: number, throughPosition: number): Promise<ExportedTorrent[]> =>
    primary.begin('isolation level repeatable read read only', async (tx) => {
      const rows = withinFileBudget(
        (
          await tx`SELECT t.id, t.info_hash, t.info_hash_v2, t.name, t.size, t.private, t.files_count, t.seeders, t.leechers,
              t.published_at, t.grabs, c.content_type, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id,
              g.content_type AS label_type, g.title AS label_title, g.year AS label_year, g.seasons AS label_seasons,
              g.episodes AS label_episodes, g.labelled_by, g.labelled_at
            FROM torrents t
            LEFT JOIN torrent_classifications c ON c.torrent_id = t.id
            LEFT JOIN ground_truth_labels g ON g.info_hash = t.info_hash
            WHERE t.id > ${afterPosition} AND t.id <= ${throughPosition} ORDER BY t.id LIMIT ${CHUNK_TORRENTS}`
        ).map(toRow),
      )
      if (rows.length === 0) return []
      const first = rows[0]!.id
      const last = rows.at(-1)!.id
      const torrents = new Map(rows.map((row) => [row.id, toExported(row)]))
      const [files, sources, tags] = await Promise.all([
        tx`SELECT torrent_id, file_index, path, size FROM torrent_files WHERE torrent_id BETWEEN ${first} AND ${last}
          ORDER BY torrent_id, file_index`.values(),
        // The first source to bring each torrent, by its own publish time (ties by the older source).
        tx`SELECT ts.torrent_id, s.key FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id
          WHERE ts.torrent_id BETWEEN ${first} AND ${last} ORDER BY ts.torrent_id, ts.published_at DESC, ts.source_id DESC`,
        tx`SELECT torrent_id, tag FROM torrent_tags WHERE torrent_id BETWEEN ${first} AND ${last} AND NOT by_rule ORDER BY torrent_id, tag`,
      ])
      for (const [torrentId, index, path, sizeBytes] of files as [unknown, number, string, unknown][])
        torrents.get(int(torrentId))?.files.push({ index, path, sizeBytes: int(sizeBytes) })
      // Newest first, so the last one written for a torrent is its first source.
      for (const source of sources) {
        const torrent = torrents.get(int(source.torrent_id))
        if (torrent) torrent.source = source.key
      }
      for (const tag of tags) torrents.get(int(tag.torrent_id))?.tags.push(tag.tag)
      return [...torrents.values()]
    })

  return {
    pageBounds: pgCall(async (afterPosition: number, limit: number) => {
      const lastPosition = await positionAt(afterPosition, limit - 1)
      if (lastPosition !== null) return { lastPosition, hasMore: (await positionAt(lastPosition, 0)) !== null }
      // Fewer than `limit` remain: the page runs to the last torrent there is now.
      const { last } = await extent()
      return { lastPosition: last !== null && last > afterPosition ? last : null, hasMore: false }
    }),
    readChunk: pgCall(readChunk),
    extent: pgCall(async () => {
      const { torrents, last } = await extent()
      return { torrents, lastPosition: last ?? 0 }
    }),
  }
}

/** A row as the SQLite export reads it (flags as 0/1, int8 as numbers), so both build their lines alike. */
function toRow(row: Record<string, unknown>): TorrentRow {
  return {
    ...(row as unknown as TorrentRow),
    id: int(row.id),
    size: int(row.size),
    private: row.private ? 1 : 0,
    published_at: int(row.published_at),
    tmdb_id: intOrNull(row.tmdb_id),
    tvdb_id: intOrNull(row.tvdb_id),
    tvmaze_id: intOrNull(row.tvmaze_id),
    labelled_at: intOrNull(row.labelled_at),
  }
}
