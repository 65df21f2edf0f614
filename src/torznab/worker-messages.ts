import type { RankingWeights, SearchKind, SearchQuery, SearchResult } from '../search'

/** Main thread -> search worker. Plain data only (STYLE 12). */
export type ToWorker =
  | {
      type: 'init'
      databasePath: string
      cacheSizeMb: number
      weights: RankingWeights
      timeoutMs: number
      version: string
      baseUrl: string
    }
  /** A Torznab request's query string, answered as a whole feed, gzipped when the client takes it. */
  | { type: 'answer'; id: number; query: string; gzip: boolean }
  /** A structured search (GraphQL). */
  | { type: 'search'; id: number; query: SearchQuery }

/** Search worker -> main thread. */
export type FromWorker =
  | { type: 'ready' }
  /** `body` is the gzipped document when the request asked for gzip. */
  | { type: 'answered'; id: number; contentType: string; body: string | Uint8Array<ArrayBuffer>; search: SearchReport | null }
  | { type: 'refused'; id: number; torznabCode: number; description: string; httpStatus: number; search: SearchReport | null }
  | { type: 'searched'; id: number; result: SearchResult }
  /** The search ran past SERVICE_SEARCH_TIMEOUT. */
  | { type: 'timedOut'; id: number; timeoutMs: number }
  | { type: 'failed'; id: number; message: string }

export interface SearchReport {
  kind: SearchKind
  seconds: number
  /** What a text or id search returned (not feeds), so the crawler can refresh their swarms. */
  infoHashes: string[]
}
