export { createSearchService, type SearchService } from './service'
export { SearchThreadLostError, SearchTimeoutError } from './errors'
export { searchFactsOf } from './document-facts'
export { startSearchThreadPool, type SearchThreadPool, type SearchThreadPoolOptions } from './threads/pool'
export { serveSearchThread, type SearchThreadParts } from './threads/serve'
export type { SearchReport, SearchThreadSetup, ToSearchThread, TorznabReply } from './threads/messages'
export type {
  FeedBlock,
  FeedKey,
  LookupKinds,
  MatchBlock,
  MatchCount,
  PageExtras,
  RowLookups,
  SearchStore,
  TextMatch,
  TorrentWork,
} from './store-port'
export type { QueryTerm, TextQuery } from './text-query'
export { tokenize } from './text-query'
export {
  FACET_NAMES,
  type FacetCount,
  type FacetName,
  type Facets,
  ORDER_FIELDS,
  type Candidate,
  type EpisodeWanted,
  type ExternalIdsWanted,
  type IndexedTorrent,
  type OrderField,
  type RankingRow,
  type RankingWeights,
  type SearchOrder,
  type SearchQuery,
  type SearchKind,
  type SearchResult,
  searchKindOf,
} from './model'
