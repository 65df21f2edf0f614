import type { ExternalIds } from '../classify'
import type { ContentType } from '../vocabulary'

/** A torrent as the export reads it: every field its line carries, and its place in the export's order. */
export interface ExportedTorrent {
  /**
   * Its place in the export's order (the row id: assigned in increasing order, so torrents stored
   * while an export runs come after every place it has handed out). Only cursors carry it.
   */
  position: number
  infoHash: string
  /** The v2 hash of a v2-only torrent (which is keyed by its first 40 hex characters); null otherwise. */
  infoHashV2: string | null
  name: string
  sizeBytes: number
  isPrivate: boolean
  /** Every file of the torrent; null while its file list is unknown. */
  filesCount: number | null
  /** The files stored (up to the limit it was imported with), in their order. */
  files: { index: number; path: string; sizeBytes: number }[]
  /** Unix seconds: when it first became visible in the index. */
  publishedAt: number
  seeders: number | null
  leechers: number | null
  /** The source that brought it first (`dht`, `import`, a dump's name). */
  source: string | null
  /** null only for a torrent stored and not classified yet. */
  contentType: ContentType | null
  /** The ground-truth label that confirmed it, when one did. */
  label: ExportedLabel | null
  externalIds: ExternalIds
  /** The operator's tags; the rules' are the importing index's to set. */
  tags: string[]
  grabs: number
}

export interface ExportedLabel {
  contentType: ContentType
  title: string | null
  year: number | null
  seasons: number[]
  episodes: number[]
  /** The *arr instance (or other index's label source) that confirmed it. */
  labelledBy: string
  /** Unix seconds. */
  labelledAt: number
}

/** Where a page of the export ends, read before its first line is sent. */
export interface PageBounds {
  /** The position of the page's last torrent; null when none come after the cursor. */
  lastPosition: number | null
  /** Whether torrents come after the page (its X-Next-Cursor). */
  hasMore: boolean
}

/** What the export needs of storage (issue 31): async and batch-shaped. */
export interface ExportStore {
  /** The bounds of a page of at most `limit` torrents after `afterPosition`. */
  pageBounds(afterPosition: number, limit: number): Promise<PageBounds>
  /**
   * The next torrents after `afterPosition` up to `throughPosition`, in order: as many as one read
   * holds in bounded memory (a few hundred, fewer when they list many files); empty at the end.
   */
  readChunk(afterPosition: number, throughPosition: number): Promise<ExportedTorrent[]>
  /** How many torrents there are and the last position, for a whole export and its progress. */
  extent(): Promise<{ torrents: number; lastPosition: number }>
}

/** Where this index has got to in each export it follows (SERVICE_SYNC_SOURCES). */
export interface SyncCursorStore {
  read(source: string): Promise<string | null>
  save(source: string, cursor: string, nowSeconds: number): Promise<void>
}
