import type { RankingWeights } from '../search'

/** Main thread -> Torznab worker. Plain data only (STYLE 12). */
export type ToWorker =
  | { type: 'init'; databasePath: string; weights: RankingWeights; timeoutMs: number; version: string; baseUrl: string }
  | { type: 'answer'; id: number; query: string }

/** Torznab worker -> main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'answered'; id: number; contentType: string; body: string; search: SearchReport | null }
  | { type: 'refused'; id: number; torznabCode: number; description: string; httpStatus: number; search: SearchReport | null }
  | { type: 'failed'; id: number; message: string }

export interface SearchReport {
  kind: 'text' | 'feed' | 'ids'
  seconds: number
  /** What a text or id search returned (not feeds), so the crawler can refresh their swarms. */
  infoHashes: string[]
}
