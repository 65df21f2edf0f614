/** The export's rows as both engines read them (issue 36), and the chunk they are read in. */
import type { ContentType } from '../../vocabulary'
import { bytesToHex } from '../../metainfo'
import type { ExportedTorrent } from '../../sync'

/** Torrents read at a time: a few hundred lines of text, and four short range scans. */
export const CHUNK_TORRENTS = 500
/**
 * Files a chunk may list: torrents of thousands of files (up to SERVICE_MAX_FILES_PER_TORRENT) end
 * the chunk early, so its memory stays bounded whatever the torrents hold.
 */
const CHUNK_FILES = 25_000

export interface TorrentRow {
  id: number
  info_hash: Uint8Array
  info_hash_v2: Uint8Array | null
  name: string
  size: number
  private: number
  files_count: number | null
  seeders: number | null
  leechers: number | null
  published_at: number
  grabs: number
  content_type: string | null
  imdb_id: string | null
  tmdb_id: number | null
  tvdb_id: number | null
  tvmaze_id: number | null
  label_type: string | null
  label_title: string | null
  label_year: number | null
  label_seasons: string | null
  label_episodes: string | null
  labelled_by: string | null
  labelled_at: number | null
}

/** The first rows whose files fit the chunk's budget; always at least one, whatever it lists. */
export function withinFileBudget(rows: TorrentRow[]): TorrentRow[] {
  let files = 0
  for (let i = 0; i < rows.length; i++) {
    files += rows[i]!.files_count ?? 0
    if (files > CHUNK_FILES && i > 0) return rows.slice(0, i)
  }
  return rows
}

export function toExported(row: TorrentRow): ExportedTorrent {
  const infoHash = bytesToHex(row.info_hash)
  const infoHashV2 = row.info_hash_v2 ? bytesToHex(row.info_hash_v2) : null
  return {
    position: row.id,
    infoHash,
    // A hybrid's v2 hash stays behind: the import cannot check it against the key (import-line.ts).
    infoHashV2: infoHashV2?.startsWith(infoHash) ? infoHashV2 : null,
    name: row.name,
    sizeBytes: row.size,
    isPrivate: row.private === 1,
    filesCount: row.files_count,
    files: [],
    publishedAt: row.published_at,
    seeders: row.seeders,
    leechers: row.leechers,
    source: null,
    contentType: row.content_type as ContentType | null,
    label:
      row.label_type === null
        ? null
        : {
            contentType: row.label_type as ContentType,
            title: row.label_title,
            year: row.label_year,
            seasons: JSON.parse(row.label_seasons ?? '[]') as number[],
            episodes: JSON.parse(row.label_episodes ?? '[]') as number[],
            labelledBy: row.labelled_by!,
            labelledAt: row.labelled_at!,
          },
    externalIds: { imdb: row.imdb_id, tmdb: row.tmdb_id, tvdb: row.tvdb_id, tvmaze: row.tvmaze_id },
    tags: [],
    grabs: row.grabs,
  }
}
