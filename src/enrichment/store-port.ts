import type { BacklogCounts, ContentKey, EnrichedType, FeedState, TmdbCandidate, TmdbExternalIds } from './model'

/**
 * The artwork enrichment's storage: the backlog of titles (content_keys, also the cache of what
 * was looked up), the works found (contents) and where the feed stands. Decides nothing: the
 * resolver does.
 */
export interface EnrichmentStore {
  feedState(): Promise<FeedState & { artworkEnabled: boolean }>
  /** Whether a key is set, for the search to say whether artwork is looked up at all. */
  setArtworkEnabled(enabled: boolean): Promise<void>
  /** The first time a key is set: new torrents are fed from the newest one on, and the older ones are backfilled. */
  startFeeding(): Promise<FeedState>
  maxTorrentId(): Promise<number>
  /**
   * One transaction: the titled movies and series among torrent ids (from, to] join the backlog
   * (a title seen again keeps its status and takes the newer time and any grab), and the feed
   * moves to `next`.
   */
  feedRange(from: number, to: number, next: FeedState): Promise<void>
  /** Titles not found and checked before `beforeSeconds` are looked up again; returns how many. */
  requeueNotFound(beforeSeconds: number): Promise<number>
  /** The next titles to look up: grabbed first, then the newest. */
  nextPending(limit: number): Promise<ContentKey[]>
  /** The work already stored for this TMDB id, if any. */
  contentIdOf(type: EnrichedType, tmdbId: number): Promise<number | null>
  /** One transaction: the work's row (new, or refreshed) and the title pointing at it; returns the work's id. */
  saveMatch(
    key: ContentKey,
    candidate: TmdbCandidate,
    ids: TmdbExternalIds,
    extra: { posterUrl: string | null; genres: string },
    nowSeconds: number,
  ): Promise<number>
  /** Points a title at a work already stored (another title of it resolved first). */
  linkKey(key: ContentKey, contentId: number, nowSeconds: number): Promise<void>
  markNotFound(key: ContentKey, nowSeconds: number): Promise<void>
  /** A grabbed torrent's title, still waiting, jumps the backlog; returns how many titles moved. */
  prioritise(infoHash: string): Promise<number>
  counts(): Promise<BacklogCounts>
}
