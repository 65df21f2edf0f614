import type { BlockedTorrent } from './block-list'

export interface ContentTypeCount {
  /** A content type, or `unknown` for torrents not classified. */
  contentType: string
  count: number
}

/** The counts and times the index keeps of its torrents, for the gauges, the status and the stats. */
export interface TorrentCountsStore {
  /** Rows of the per-content-type counters as the index keeps them, zero counts included. */
  countsByContentType(): Promise<ContentTypeCount[]>
  /** When the crawler last stored a torrent (Unix seconds), or null if it never has. */
  lastCrawledAt(): Promise<number | null>
  /**
   * When the longest-unchecked swarm was last checked (Unix seconds), or null when no torrent's
   * has been; never-checked torrents are left out (the re-check takes them first).
   */
  oldestSwarmCheckAt(): Promise<number | null>
}

/** What an operator changes by hand: deletes that block, operator tags, and the block list. */
export interface OperatorEditsStore {
  /**
   * Deletes the torrents (40 hex) and blocks their hashes, keeping the names of those the index
   * held, in one transaction; returns how many torrents went.
   */
  deleteAndBlock(infoHashes: readonly string[], nowSeconds: number): Promise<number>
  /** Adds operator tags to the stored torrents among `infoHashes`; `replace` drops their other operator tags first. One transaction. */
  putTags(infoHashes: readonly string[], tags: readonly string[], replace: boolean): Promise<void>
  /** Removes tags: of these torrents (all when null), these tags (every tag, the rules' too, when null). */
  deleteTags(infoHashes: readonly string[] | null, tags: readonly string[] | null): Promise<void>
  /** The block list, newest first, and how long it is. */
  listBlocked(limit: number, offset: number): Promise<{ total: number; items: BlockedTorrent[] }>
  /** Lifts the operator deletes among these hashes (40 hex); returns how many it lifted. */
  unblock(infoHashes: readonly string[]): Promise<number>
}
