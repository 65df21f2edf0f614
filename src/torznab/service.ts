import { type IndexedTorrent, SearchTimeoutError, type SearchService } from '../search'
import { renderCaps } from './caps'
import { searchFailed } from './errors'
import { parseTorznabRequest } from './parse-request'
import { renderRss } from './render-rss'
import { torznabSearchQuery } from './to-search-query'

export interface TorznabAnswer {
  contentType: string
  /** The document, or its gzip when `isGzipped` (compressed by the search worker). */
  body: string | Uint8Array<ArrayBuffer>
  isGzipped?: boolean
}

const CAPS_TYPE = 'application/xml; charset=utf-8'
const RSS_TYPE = 'application/rss+xml; charset=utf-8'

/**
 * Answers one Torznab request; throws TorznabError for anything the client must be told.
 * `baseUrl` (configured, never a request's Host) prefixes the self links; '' leaves them path-only.
 */
export function createTorznabService(deps: { search: SearchService; version: string; baseUrl: string; nowMs?: () => number }) {
  const nowMs = deps.nowMs ?? (() => Date.now())
  return {
    async answer(params: URLSearchParams): Promise<TorznabAnswer> {
      const request = parseTorznabRequest(params)
      if (request.fn === 'caps') return { contentType: CAPS_TYPE, body: renderCaps(deps.baseUrl, deps.version) }
      const query = torznabSearchQuery(request, Math.floor(nowMs() / 1000))
      let items: IndexedTorrent[] = []
      if (query) {
        try {
          items = (await deps.search.search(query)).items
        } catch (err) {
          if (err instanceof SearchTimeoutError) throw searchFailed(err.message)
          throw err
        }
      }
      return { contentType: RSS_TYPE, body: renderRss(deps.baseUrl, items) }
    },
  }
}

export type TorznabService = ReturnType<typeof createTorznabService>
