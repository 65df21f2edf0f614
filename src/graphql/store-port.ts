import type { ExplainedRow } from '../classify'

export type FileOrderColumn = 'fileIndex' | 'path' | 'extension' | 'size'

/** One stored file, beside its torrent's hash and times. */
export interface FileRow {
  /** 40 hex. */
  infoHash: string
  fileIndex: number
  path: string
  size: number
  extension: string | null
  fileType: string
  /** Unix seconds. */
  publishedAt: number
  updatedAt: number
}

export interface FilesQuery {
  /** null for the files of every torrent. */
  infoHashes: readonly string[] | null
  /** Ties go by hash, then file index. */
  order: { column: FileOrderColumn; descending: boolean }
  limit: number
  offset: number
  /** Counting every matching file can be costly over the whole index: without it, total counts the pages read so far. */
  countTotal: boolean
}

/** Torrents first seen (updated false) or updated (true) in a bucket, per source. */
export interface SourceMetricRow {
  source: string
  /** Unix seconds at the bucket's start. */
  bucket: number
  updated: boolean
  count: number
}

/**
 * The torrent-level reads of the GraphQL API: what a search item lacks, a whole page of items
 * per call (a torrent missing from the index is missing from the map), the file listing, tag
 * suggestions and the per-source counts over time. Writes go through the torrent store.
 */
export interface TorrentDetailsStore {
  /** Unix seconds of each stored torrent's last change, and of its swarm's last check (0: never). */
  times(infoHashes: readonly string[]): Promise<Map<string, { updatedAt: number; swarmCheckedAt: number }>>
  /** Each classified torrent's explanation codes with the stored facts they read; one classified before they were kept is absent. */
  explanations(infoHashes: readonly string[]): Promise<Map<string, { codes: string; row: ExplainedRow }>>
  /** Each torrent's sources, the first one it came from first. */
  sources(torrentIds: readonly number[]): Promise<Map<number, { key: string; name: string }[]>>
  /** Each torrent's tags, in name order. */
  tags(torrentIds: readonly number[]): Promise<Map<number, string[]>>
  /** Each torrent's file types by their share of bytes, the largest first. */
  fileTypes(torrentIds: readonly number[]): Promise<Map<number, string[]>>
  /** The files stored of each torrent: fewer than its files count when SERVICE_MAX_FILES_PER_TORRENT cut the list. */
  listedFiles(torrentIds: readonly number[]): Promise<Map<number, { count: number; sizeBytes: number }>>
  files(query: FilesQuery): Promise<{ items: FileRow[]; total: number; hasNextPage: boolean }>
  listSources(): Promise<{ key: string; name: string }[]>
  /** Tags starting with `prefix`, but those excluded, the most used first. */
  suggestTags(prefix: string, exclusions: readonly string[], limit: number): Promise<{ name: string; count: number }[]>
  sourceMetrics(
    bucketSeconds: number,
    sourceKeys: readonly string[] | null,
    startSeconds: number | null,
    endSeconds: number | null,
  ): Promise<SourceMetricRow[]>
}
