import type { SQL } from 'bun'
import type { FileType, TorrentFile } from '../../../metainfo'
import { int } from '../pools'

/**
 * The sources' ids by key, created on first use inside the writing transaction; remembered only
 * once a batch commits, so a source row a rolled-back batch had inserted is never assumed.
 */
export function createSourceIds() {
  const known = new Map<string, number>()
  return {
    async idsOf(tx: SQL, keys: readonly string[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>()
      const missing: string[] = []
      for (const key of keys) {
        const id = known.get(key)
        if (id === undefined) missing.push(key)
        else ids.set(key, id)
      }
      if (missing.length === 0) return ids
      await tx`INSERT INTO sources (key, name) SELECT k, k FROM unnest(${missing}::text[]) AS k ON CONFLICT (key) DO NOTHING`
      for (const row of await tx`SELECT id, key FROM sources WHERE key = ANY(${missing}::text[])`) ids.set(row.key, int(row.id))
      return ids
    },
    remember(ids: Map<string, number>): void {
      for (const [key, id] of ids) known.set(key, id)
    },
  }
}

export type SourceIds = ReturnType<typeof createSourceIds>

/** The stored file lists of these torrents, in file order. */
export async function torrentFilesOf(tx: SQL, torrentIds: readonly number[]): Promise<Map<number, TorrentFile[]>> {
  const files = new Map<number, TorrentFile[]>()
  if (torrentIds.length === 0) return files
  const rows = await tx`SELECT torrent_id, file_index, path, size, extension, file_type FROM torrent_files
    WHERE torrent_id = ANY(${torrentIds}::int8[]) ORDER BY torrent_id, file_index`
  for (const row of rows) {
    const torrentId = int(row.torrent_id)
    const list = files.get(torrentId) ?? []
    list.push({
      index: row.file_index,
      path: row.path,
      sizeBytes: int(row.size),
      extension: row.extension,
      fileType: row.file_type as FileType,
    })
    files.set(torrentId, list)
  }
  return files
}
