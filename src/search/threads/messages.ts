import type { RankingWeights, SearchKind, SearchQuery, SearchResult } from '../model'

/**
 * What a search thread is started with. `reader` is the store's plain-data spec of the index the
 * thread opens its own reader from (its type is the store's; the pool only carries it).
 */
export interface SearchThreadSetup<ReaderSpec> {
  reader: ReaderSpec
  weights: RankingWeights
  timeoutMs: number
  /** What the Torznab answers the thread renders carry: the service's version and BASE_URL ('' for path-only links). */
  torznab: { version: string; baseUrl: string }
}

/** Main thread -> search thread. Plain data only (STYLE 12). */
export type ToSearchThread<ReaderSpec> =
  | { type: 'init'; setup: SearchThreadSetup<ReaderSpec> }
  /** A Torznab request's query string, answered as a whole feed, gzipped when the client takes it. */
  | { type: 'answer'; id: number; query: string; gzip: boolean }
  /** A structured search (GraphQL). */
  | { type: 'search'; id: number; query: SearchQuery }

/** A Torznab answer as a thread returns it: the document, or the Torznab error the client is to be told. */
export type TorznabReply =
  /** `body` is the gzipped document when the request asked for gzip. */
  | { type: 'answered'; contentType: string; body: string | Uint8Array<ArrayBuffer> }
  | { type: 'refused'; torznabCode: number; description: string; httpStatus: number }

/** Search thread -> main thread. */
export type FromSearchThread =
  | { type: 'ready' }
  | (TorznabReply & { id: number; search: SearchReport | null })
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
