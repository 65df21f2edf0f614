import type { ExternalIds } from '../classify'
import type { ContentType } from '../vocabulary'
import type { ContentRecord } from '../enrichment'

/**
 * The facets a search can count; the names are bitmagnet's aggregation keys, and `content` (the
 * work a torrent is of, as TorrentContent's contentSource and contentId name it) is ours.
 */
export const FACET_NAMES = [
  'content',
  'contentType',
  'language',
  'releaseYear',
  'torrentFileType',
  'torrentSource',
  'torrentTag',
  'videoResolution',
  'videoSource',
] as const
export type FacetName = (typeof FACET_NAMES)[number]

export interface FacetCount {
  value: string
  count: number
  isEstimate: boolean
  /** What to show for the value when it is not the value itself (a work's title). */
  label?: string
}

export type Facets = Partial<Record<FacetName, FacetCount[]>>

/** Which episodes a TV search wants. */
export type EpisodeWanted =
  /** `season` alone is the whole season (packs and single episodes); with `episode`, that episode and the packs that hold it. Season 0 is specials. */
  | { kind: 'season'; season: number; episode: number | null }
  /** An episode number without a season: anime absolute numbering, or `ep=` alone. */
  | { kind: 'episode'; episode: number }
  /** Daily shows by air date (YYYY-MM-DD). */
  | { kind: 'airDate'; date: string }
  /** Daily shows aired in a year (`season=2026` without `ep`), and shows that number seasons by year. */
  | { kind: 'airYear'; year: number }

/** External ids to look up; several are alternatives (OR), as Torznab clients send them. */
export interface ExternalIdsWanted {
  imdb: string[]
  tmdb: number[]
  tvdb: number[]
  tvmaze: number[]
}

export interface SearchQuery {
  /** Free text; null or blank for a newest-first feed. */
  text: string | null
  /** Torznab category ids (a parent matches its sub-categories); null means any. */
  categories: number[] | null
  contentTypes?: ContentType[]
  /** When present, only torrents with one of these ids match, and text no longer selects. */
  externalIds?: ExternalIdsWanted
  episodes?: EpisodeWanted
  year?: number
  /** Any of these release years. */
  years?: number[]
  /** Only these torrents (40-hex info hashes). */
  infoHashes?: string[]
  /** Torrents seen by any of these sources (`dht`, `import`, a dump's key). */
  torrentSources?: string[]
  /** Torrents holding a file of any of these types. */
  fileTypes?: string[]
  /** `all` (default): every tag must be there; `any`: one is enough. */
  tagsMatch?: 'all' | 'any'
  /** Explicit order; without it text is ranked by relevance and the rest is newest first. */
  orderBy?: SearchOrder[]
  resolutions?: string[]
  sources?: string[]
  /** ISO 639-1 codes (or multi, dual, original). */
  languages?: string[]
  tags?: string[]
  minSizeBytes?: number
  maxSizeBytes?: number
  /** Unix seconds: only torrents first visible at or after it. */
  publishedSince?: number
  limit: number
  offset: number
  /** Count every match (exact when the census reads them all, else an estimate). */
  countTotal?: boolean
  /** Facets to count over the matches. */
  facets?: readonly FacetName[]
  /**
   * At most this many candidates are read for the census (GraphQL's aggregationBudget): to count
   * the matches and their facets, and to order by anything but the natural order; past it counts
   * are estimates and the order is that of the matches read. A page that asks for several counts
   * at once (the dashboard's facets) bounds each this way. Unset: the census's own bounds.
   */
  countBudget?: number
}

export const ORDER_FIELDS = [
  'relevance',
  'published_at',
  'updated_at',
  'size',
  'files_count',
  'seeders',
  'leechers',
  'name',
  'info_hash',
] as const
export type OrderField = (typeof ORDER_FIELDS)[number]

export interface SearchOrder {
  field: OrderField
  descending: boolean
}

/** One torrent as search results carry it: the stored row and its cached classification. */
export interface IndexedTorrent {
  id: number
  infoHash: string
  infoHashV2: string | null
  name: string
  sizeBytes: number
  filesCount: number | null
  seeders: number | null
  leechers: number | null
  /** Unix seconds; the stable feed time. */
  publishedAt: number
  grabs: number
  evidenceScore: number
  contentType: ContentType
  categories: number[]
  confidence: number
  status: 'pending' | 'confirmed'
  title: string | null
  year: number | null
  seasons: number[]
  episodes: number[]
  airDate: string | null
  resolution: string | null
  source: string | null
  videoCodec: string | null
  hdr: string[]
  audioChannels: string | null
  languages: string[]
  releaseGroup: string | null
  /** Ground truth's ids, completed from the looked-up work. */
  externalIds: ExternalIds
  /** The work the artwork enrichment resolved the title to (issue 19); posters only while a key is set. */
  content: ContentRecord | null
  tags: string[]
}

/** What ranking reads of a candidate. */
export type RankingRow = Pick<
  Candidate,
  'id' | 'info_hash' | 'name' | 'published_at' | 'evidence_score' | 'confidence' | 'title' | 'wanted'
>

/** A stored torrent as the search reads it while choosing: the raw row, JSON columns unparsed. */
export interface Candidate {
  id: number
  info_hash: Uint8Array
  info_hash_v2: Uint8Array | null
  name: string
  size: number
  files_count: number | null
  seeders: number | null
  leechers: number | null
  published_at: number
  grabs: number
  evidence_score: number
  content_type: string
  categories: string
  confidence: number
  status: 'pending' | 'confirmed'
  title: string | null
  year: number | null
  seasons: string
  episodes: string
  air_date: string | null
  resolution: string | null
  source: string | null
  video_codec: string | null
  hdr: string
  audio_channels: string | null
  languages: string
  release_group: string | null
  imdb_id: string | null
  tmdb_id: number | null
  tvdb_id: number | null
  tvmaze_id: number | null
  /** 1 when the torrent matched a registered want (the dashboard's), else 0. */
  wanted: number
}

export interface SearchResult {
  items: IndexedTorrent[]
  /** Matches in all, exact unless `totalIsEstimate`. */
  total: number
  totalIsEstimate: boolean
  hasNextPage: boolean
  /** Present when the query asked for facets. */
  facets?: Facets
}

/** How text matches are ordered: relevance blended with what else we know (weights from config). */
export interface RankingWeights {
  relevance: number
  confidence: number
  evidence: number
  freshness: number
  /** Age at which freshness has halved. */
  freshnessHalfLifeDays: number
}

/** What the metrics count a search as: by external ids, by text, or a feed page. */
export type SearchKind = 'ids' | 'text' | 'feed'

export function searchKindOf(query: Pick<SearchQuery, 'externalIds' | 'text'>): SearchKind {
  return query.externalIds ? 'ids' : query.text ? 'text' : 'feed'
}
