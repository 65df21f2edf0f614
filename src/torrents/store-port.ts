import type { Classification } from '../classify'
import type { IngestStore } from '../ingest'
import type { ContentTypeCount } from '../vocabulary'
import type { BlockedTorrent } from './block-list'

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

/** Which stored torrents a re-classification takes. */
export interface ReclassifyFilter {
  /** Only torrents currently of this content type. */
  contentType?: string
  /** Only torrents currently of one of these content types. */
  contentTypes?: string[]
  /** Only these torrents (40-hex info hashes). */
  infoHashes?: string[]
  /** Only torrents published (first visible) at or after this Unix time. */
  sinceSeconds?: number
}

export interface ReclassifyReport {
  processed: number
  /** The id of the last torrent read; a chunked run carries on after it. */
  lastId: number
  /** Torrents whose content type or categories changed. */
  changed: number
  /** Torrents a rule now deletes (banned content); they are removed and blocked. */
  deleted: number
}

/** Stored torrents classified again under the current rules, a page per transaction, classified as the writer does. */
export interface ReclassifyStore {
  count(filter: ReclassifyFilter): Promise<number>
  /**
   * Re-classifies the next `limit` matching torrents with an id above `afterId`, in id order, in
   * one transaction; `lastId` is `afterId` when none is left.
   */
  reclassifyPage(filter: ReclassifyFilter, afterId: number, limit: number, nowSeconds: number): Promise<ReclassifyReport>
}

/** Where a later opinion (the rerank) lands. */
export interface RerankStore {
  /**
   * Stores `classification` only if the stored one is still the one of `classifiedAt` and still
   * pending: a re-classification or a label since then wins. One transaction.
   */
  replaceIfUnchanged(torrentId: number, classifiedAt: number, classification: Classification, nowSeconds: number): Promise<boolean>
}

/** The writers that classify, all three with the same policies (the store binds them). */
export interface TorrentWrites {
  ingest: IngestStore
  reclassify: ReclassifyStore
  rerank: RerankStore
}
