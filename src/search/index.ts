export { createSearchService, type SearchService } from './service'
export { createSearchRepository, type SearchRepository } from './repository'
export { SearchTimeoutError } from './errors'
export type { EpisodeWanted, ExternalIdsWanted, IndexedTorrent, RankingWeights, SearchQuery, SearchResult } from './model'
