/**
 * What the search needs of storage (issue 31): whole blocks of rows, each call one Promise, read
 * newest first. The store builds its engine's match syntax from a TextMatch (the search never
 * writes FTS5 or tsquery text) and keeps whatever cursors or statements it uses to itself.
 */
import type { ContentRecord } from '../enrichment'
import type { Candidate, ExternalIdsWanted, RankingRow } from './model'
import type { TextQuery } from './text-query'

/** What the full-text index must hold: the query's terms (in the name or title) and the facts tokens. */
export interface TextMatch {
  /** Parsed text, its tokens folded as the index folds names; null when only facts narrow. */
  text: TextQuery | null
  /** Facts tokens (c5030, s1e2, s1pack, d20240101, ...): each inner list is alternatives, every list required. */
  facts: string[][]
}

export interface MatchBlock<Row> {
  /** Newest first (highest id first). */
  rows: Row[]
  /** Pass it back to read on; null when the index holds no further match. */
  nextBeforeId: number | null
}

/** A position in a newest-first feed: the feed time, then the id. */
export interface FeedKey {
  id: number
  published_at: number
}

export interface FeedBlock {
  /** Newest first, a torrent listed under several of the categories once. */
  keys: FeedKey[]
  /** Pass it back to read on; null at the end. */
  next: FeedKey | null
}

export interface MatchCount {
  total: number
  /** The engine estimated the count instead of counting it. */
  isEstimate: boolean
}

/** Which of the values kept beside a row to look up. */
export interface LookupKinds {
  tags?: boolean
  sources?: boolean
  fileTypes?: boolean
  works?: boolean
}

/** The work a torrent is of: its classification's ids, each missing one taken from the looked-up work, and its title. */
export interface TorrentWork {
  contentType: string
  tmdb: number | null
  imdb: string | null
  tvdb: number | null
  title: string | null
  year: number | null
}

/** Per torrent id, the values of the kinds asked for (the other maps are empty). */
export interface RowLookups {
  tags: Map<number, string[]>
  sources: Map<number, string[]>
  fileTypes: Map<number, string[]>
  works: Map<number, TorrentWork>
}

/** What a page of results adds to its rows. */
export interface PageExtras {
  /** Each torrent's tags, in order. */
  tags: Map<number, string[]>
  /** The work the artwork enrichment resolved each torrent's title to, where it did. */
  contents: Map<number, ContentRecord>
  /** Whether an artwork key is set: without one, nothing may lead a client to TMDB. */
  isArtworkEnabled: boolean
}

export interface SearchStore {
  /** Matches newest first, ids below `beforeId` (null: from the newest); at most `limit` rows. */
  matchBlock(match: TextMatch, shape: 'ranking', beforeId: number | null, limit: number): Promise<MatchBlock<RankingRow>>
  matchBlock(match: TextMatch, shape: 'full', beforeId: number | null, limit: number): Promise<MatchBlock<Candidate>>
  /** Every match's id, newest first, from the index alone (no row read); null when more than `cap`. */
  matchIds(match: TextMatch, cap: number): Promise<number[] | null>
  countMatches(match: TextMatch): Promise<MatchCount>
  /** Per token: the share of the newest `window` torrents whose name or title holds it (0 in an empty index). */
  shareOfNewest(tokens: readonly string[], window: number): Promise<Map<string, number>>
  /** Feed keys newest first, of every torrent (null) or of these categories merged, after `after`. */
  feedBlock(categories: readonly number[] | null, after: FeedKey | null, limit: number): Promise<FeedBlock>
  /** The rows of these ids in the order given; ids without a classified torrent are left out. */
  candidates(ids: readonly number[]): Promise<Candidate[]>
  /** Ids of the torrents carrying any of the ids (ground truth or looked-up work), latest indexed first. */
  externalIdMatches(ids: ExternalIdsWanted): Promise<number[]>
  /** As `candidates`, with the ground truth's ids completed from the looked-up work. */
  candidatesWithLookedUpIds(ids: readonly number[]): Promise<Candidate[]>
  /** These torrents (40-hex info hashes), newest first. */
  withInfoHashes(infoHashes: readonly string[]): Promise<Candidate[]>
  /** Torrents of these content types. */
  countOfContentTypes(types: readonly string[]): Promise<number>
  /** Torrents in any of these categories; null: every classified torrent. */
  countInCategories(categories: readonly number[] | null): Promise<number>
  /** Values kept beside the rows, for filters and facets, for a block of ids at once. */
  rowLookups(ids: readonly number[], kinds: LookupKinds): Promise<RowLookups>
  /** What a page of results adds to its rows: tags, looked-up works, whether artwork may be shown. */
  pageExtras(ids: readonly number[]): Promise<PageExtras>
  /**
   * Runs one search on one consistent view of the index: every call of `search` on the store it
   * is given sees the same rows, whatever is written meanwhile.
   */
  withSnapshot<T>(search: (store: SearchStore) => Promise<T>): Promise<T>
}
