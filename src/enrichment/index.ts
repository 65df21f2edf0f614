export { createContentResolver, type ContentResolver, type StepReport } from './resolver'
export { createTmdbClient, type TmdbClient } from './tmdb-client'
export { createRequestPacer } from './request-pacer'
export { chooseMatch, normaliseTitle, titleSimilarity } from './title-match'
export { ArtworkApiError } from './errors'
export type {
  BacklogCounts,
  ContentKey,
  ContentRecord,
  EnrichedType,
  FeedState,
  TmdbCandidate,
  TmdbExternalIds,
} from './model'
export type { EnrichmentStore } from './store-port'
