import { t } from 'elysia'
import { BadRequestError } from '../../http'
import { CONTENT_TYPES, isContentType, resolveTvAlias } from '../../vocabulary'

/** A torrent in a listing (spec 2.1). */
export interface TorrentSummary {
  info_hash: string
  title: string
  /** `unknown` while the torrent is not classified. */
  content_type: string
  size_bytes: number
  created_at: string
}

export interface TorrentDetail extends TorrentSummary {
  magnet_uri: string
  files: { path: string; size_bytes: number }[]
  evidence: { id: string; source: string; type: string; result: string; occurred_at: string; recorded_at: string }[]
}

/** The listing's query parameters as sent; numbers are read by readListQuery so a 400 can name them. */
export const TorrentListQuery = t.Object({
  q: t.Optional(t.String({ maxLength: 500, error: 'must be at most 500 characters' })),
  content_type: t.Optional(t.String({ maxLength: 32 })),
  limit: t.Optional(t.String()),
  offset: t.Optional(t.String()),
})

export const TorrentParams = t.Object({ info_hash: t.String({ maxLength: 64 }) })

/** A row of the library page: the summary plus its magnet, what the core knows of its swarm and its label (DESIGN.md 3.6). */
export interface LibraryRow extends TorrentSummary {
  magnet_uri: string
  seeders: number | null
  classification_status: 'confirmed' | 'pending'
}

/** `newest` first (published time), by `relevance` to the text (only with text), largest first, most seeders first. */
export const LIBRARY_ORDERS = ['newest', 'relevance', 'size', 'seeders'] as const
export type LibraryOrder = (typeof LIBRARY_ORDERS)[number]

/**
 * The library's facets (bitmagnet's, those people narrow by): the query parameter the page
 * carries, the core's aggregation and facet name, and what a value looks like in the address.
 */
export const LIBRARY_FACETS = [
  { key: 'content_type', aggregation: 'contentType', pattern: /^[a-z_]{2,16}$/ },
  { key: 'resolution', aggregation: 'videoResolution', pattern: /^\d{3,4}p$/ },
  { key: 'source', aggregation: 'videoSource', pattern: /^[a-z]{2,10}$/ },
  { key: 'language', aggregation: 'language', pattern: /^([a-z]{2}|multi|dual)$/ },
  { key: 'year', aggregation: 'releaseYear', pattern: /^(1[89]|20|21)\d\d$/ },
  { key: 'file_type', aggregation: 'torrentFileType', pattern: /^[a-z]{2,12}$/ },
] as const
export type FacetKey = (typeof LIBRARY_FACETS)[number]['key']

/** The values ticked in each facet: a torrent must have one of each facet's (OR), and pass every facet (AND). */
export type FacetSelection = Record<FacetKey, string[]>

/** A facet value with how many matches have it (an estimate past the core's census). */
export interface FacetValue {
  value: string
  label: string
  count: number
  isEstimate: boolean
}

/** What the library page lists: the text, the ticked facet values, the order and the page. */
export interface LibraryQuery {
  text: string
  facets: FacetSelection
  order: LibraryOrder
  limit: number
  offset: number
}

export interface LibraryResults {
  totalCount: number
  /** The count is the core's estimate (a census of the matches), not every match counted. */
  totalIsEstimate: boolean
  hasNextPage: boolean
  items: LibraryRow[]
  /** Each facet's values with their counts, counted without that facet's own ticks (so others can be added). */
  facets: Record<FacetKey, FacetValue[]>
}

/** What the detail page shows beside TorrentDetail: the parsed facts, tags and the artwork id when known. */
export interface TorrentDetailFacts {
  year: number | null
  episodes: string | null
  resolution: string | null
  source: string | null
  codec: string | null
  release_group: string | null
  languages: string[]
  seeders: number | null
  confidence: number
  classification_status: 'confirmed' | 'pending'
  tags: string[]
  /** A TMDB id the core matched, when it did: only then can a poster be looked up. */
  tmdb: { id: string; media_type: 'movie' | 'tv' } | null
  /** The poster of the work the core's enrichment resolved the title to (set only while it has an artwork key). */
  poster_url: string | null
  /** Why it has its type (the core's explanation); null when it was classified before explanations were kept. */
  explanation: { decided_by: string; steps: string[] } | null
}

export interface ListQuery {
  text: string
  contentType: string | null
  limit: number
  offset: number
}

/** The core's GraphQL takes a 32-bit Int. */
const MAX_OFFSET = 2_147_483_647

/**
 * `limit` (default 50, 1-500) and `offset` (default 0) of a listing (spec 8), as whole numbers;
 * anything else is a 400 naming the parameter (DESIGN.md 5.1).
 */
export function readPaging(query: { limit?: string; offset?: string }, defaultLimit: number, maxLimit: number) {
  const whole = (name: string, raw: string | undefined, fallback: number, min: number, max: number) => {
    if (raw === undefined || raw === '') return fallback
    const value = /^-?\d{1,10}$/.test(raw.trim()) ? Number(raw) : Number.NaN
    if (!Number.isInteger(value) || value < min || value > max)
      throw new BadRequestError(`${name}: must be a whole number from ${min} to ${max}, not ${JSON.stringify(raw).slice(0, 40)}`)
    return value
  }
  return {
    limit: whole('limit', query.limit, defaultLimit, 1, maxLimit),
    offset: whole('offset', query.offset, 0, 0, MAX_OFFSET),
  }
}

export function readListQuery(query: typeof TorrentListQuery.static): ListQuery {
  const raw = query.content_type?.trim().toLowerCase() ?? ''
  const contentType = raw === '' ? null : resolveTvAlias(raw)
  if (contentType !== null && !isContentType(contentType))
    throw new BadRequestError(`content_type: must be one of ${CONTENT_TYPES.join(', ')} (or empty)`)
  return { text: query.q?.trim() ?? '', contentType, ...readPaging(query, 50, 500) }
}

/** A 40-hex info hash in any case, lowercased; anything else is a 400 (DESIGN.md 5.1). */
export function readInfoHash(raw: string): string {
  if (!/^[0-9a-fA-F]{40}$/.test(raw)) throw new BadRequestError('info_hash: must be 40 hexadecimal characters')
  return raw.toLowerCase()
}
