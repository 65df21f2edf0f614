export { createSearchService, type SearchService } from './service'
export { createSearchRepository, type SearchRepository } from './repository'
export { SearchTimeoutError } from './errors'
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
  type RankingWeights,
  type SearchOrder,
  type SearchQuery,
  type SearchKind,
  type SearchResult,
  searchKindOf,
} from './model'
