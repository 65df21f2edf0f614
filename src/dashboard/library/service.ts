import { AppError } from '../../app-error'
import type { AuditService } from '../audit'
import type { CoreClient, ResponseCache } from '../core-client'
import { browseLibrary, LIST_TTL_MS } from './browse'
import type { LibraryQuery, LibraryResults, ListQuery, TorrentDetail, TorrentDetailFacts, TorrentSummary } from './model'

export class TorrentNotFoundError extends AppError {
  constructor(infoHash: string) {
    super('not_found', `no torrent with info hash ${infoHash}`)
  }
}

const DETAIL_TTL_MS = 30_000

const SUMMARY_FIELDS = 'infoHash title contentType createdAt torrent { size }'

const LIST_QUERY = `query DashboardTorrents($input: TorrentContentSearchQueryInput!) {
  torrentContent { search(input: $input) { totalCount items { ${SUMMARY_FIELDS} } } }
}`

const DETAIL_QUERY = `query DashboardTorrent($infoHash: Hash20!) {
  torrentContent { search(input: { infoHashes: [$infoHash], limit: 1 }) {
    items { ${SUMMARY_FIELDS} torrent { magnetUri files { path size } } }
  } }
  evidence(input: { infoHash: $infoHash, limit: 100 }) { items { id client type result occurredAt receivedAt } }
}`

const MAGNETS_QUERY = `query DashboardMagnets($infoHashes: [Hash20!], $limit: Int!) {
  torrentContent { search(input: { infoHashes: $infoHashes, limit: $limit }) { items { infoHash title torrent { magnetUri } } } }
}`

/** The core's search answers at most this many items: a selection is looked up in pages of it. */
const MAGNETS_PAGE = 1000

/** The year comes from the releaseYear facet of a one-hash search: the core parses it but has no item field for it. */
const FACTS_QUERY = `query DashboardTorrentFacts($infoHash: Hash20!) {
  torrentContent { search(input: { infoHashes: [$infoHash], limit: 1, facets: { releaseYear: { aggregate: true } } }) {
    items {
      contentType contentSource contentId content { releaseYear attributes { source key value } } episodes { label } videoResolution videoSource videoCodec
      releaseGroup languages { name } seeders confidence classificationStatus torrent { tagNames }
      explanation { decidedBy steps }
    }
    aggregations { releaseYear { value } }
  } }
}`

interface FactsItem {
  contentType: string | null
  contentSource: string | null
  contentId: string | null
  content: { releaseYear: number | null; attributes: { source: string; key: string; value: string }[] } | null
  episodes: { label: string } | null
  videoResolution: string | null
  videoSource: string | null
  videoCodec: string | null
  releaseGroup: string | null
  languages: { name: string }[] | null
  seeders: number | null
  confidence: number
  classificationStatus: string
  torrent: { tagNames: string[] }
  explanation: { decidedBy: string; steps: string[] } | null
}

/** The core's VideoResolution values are GraphQL names (`v1080p`); people read `1080p`. */
const resolutionLabel = (value: string | null) => (value === null ? null : value.replace(/^v(?=\d)/, ''))

const statusOf = (value: string): 'confirmed' | 'pending' => (value === 'confirmed' ? 'confirmed' : 'pending')

interface CoreItem {
  infoHash: string
  title: string
  contentType: string | null
  createdAt: string
  torrent: { size: number; magnetUri?: string; files?: { path: string; size: number }[] | null }
}

const toSummary = (item: CoreItem): TorrentSummary => ({
  info_hash: item.infoHash,
  title: item.title,
  // Not yet classified: named as /api/stats' categoryBreakdown names it.
  content_type: item.contentType ?? 'unknown',
  size_bytes: item.torrent.size,
  created_at: item.createdAt,
})

/** The library: torrents listed and shown through the core's GraphQL, with short-lived caching. */
export function createLibraryService(deps: { core: CoreClient; cache: ResponseCache; audit: AuditService }) {
  return {
    async list(query: ListQuery): Promise<{ totalCount: number; items: TorrentSummary[] }> {
      const input = {
        queryString: query.text || null,
        limit: query.limit,
        offset: query.offset,
        totalCount: true,
        facets: query.contentType ? { contentType: { filter: [query.contentType] } } : undefined,
      }
      const data = await deps.cache.get(`torrents:${JSON.stringify(input)}`, LIST_TTL_MS, () =>
        deps.core.query<{ torrentContent: { search: { totalCount: number; items: CoreItem[] } } }>(LIST_QUERY, { input }),
      )
      const { totalCount, items } = data.torrentContent.search
      return { totalCount, items: items.map(toSummary) }
    },

    /** The library page's listing: a page of rows with their magnets, and the facet counts (browse.ts). */
    browse: (query: LibraryQuery): Promise<LibraryResults> => browseLibrary(deps, query),

    /** The parsed facts and tags of one torrent, never cached: the page shows tag edits at once. */
    async facts(infoHash: string): Promise<TorrentDetailFacts> {
      const data = await deps.core.query<{
        torrentContent: { search: { items: FactsItem[]; aggregations: { releaseYear: { value: number | null }[] | null } } }
      }>(FACTS_QUERY, { infoHash })
      const { items, aggregations } = data.torrentContent.search
      const item = items[0]
      if (!item) throw new TorrentNotFoundError(infoHash)
      const mediaType = item.contentType === 'movie' ? 'movie' : item.contentType === 'tv_show' ? 'tv' : null
      return {
        year: item.content?.releaseYear ?? aggregations.releaseYear?.find((bucket) => bucket.value !== null)?.value ?? null,
        episodes: item.episodes?.label || null,
        resolution: resolutionLabel(item.videoResolution),
        source: item.videoSource,
        codec: item.videoCodec,
        release_group: item.releaseGroup,
        languages: (item.languages ?? []).map((language) => language.name),
        seeders: item.seeders,
        confidence: item.confidence,
        classification_status: statusOf(item.classificationStatus),
        tags: item.torrent.tagNames,
        tmdb: item.contentSource === 'tmdb' && item.contentId && mediaType ? { id: item.contentId, media_type: mediaType } : null,
        poster_url:
          item.content?.attributes.find((attribute) => attribute.source === 'tmdb' && attribute.key === 'poster_url')?.value ?? null,
        explanation: item.explanation && { decided_by: item.explanation.decidedBy, steps: item.explanation.steps },
      }
    },

    /** Adds tags to torrents through the core; cached answers are dropped so every page shows the change. */
    async addTags(infoHashes: string[], tagNames: string[]): Promise<void> {
      await deps.core.query(
        'mutation DashboardPutTags($h: [Hash20!]!, $t: [String!]!) { torrent { putTags(infoHashes: $h, tagNames: $t) } }',
        { h: infoHashes, t: tagNames },
      )
      deps.cache.clear()
    },

    async removeTags(infoHashes: string[], tagNames: string[]): Promise<void> {
      await deps.core.query(
        'mutation DashboardDeleteTags($h: [Hash20!], $t: [String!]) { torrent { deleteTags(infoHashes: $h, tagNames: $t) } }',
        { h: infoHashes, t: tagNames },
      )
      deps.cache.clear()
    },

    /** Deletes torrents from the index through the core, which blocks their hashes (the block list); audited. */
    async remove(infoHashes: string[], changedBy: string): Promise<void> {
      await deps.core.query('mutation DashboardDeleteTorrents($h: [Hash20!]!) { torrent { delete(infoHashes: $h) } }', { h: infoHashes })
      for (const infoHash of infoHashes) deps.audit.record({ kind: 'operator', key: `torrent:${infoHash}`, action: 'deleted', changedBy })
      deps.cache.clear()
    },

    /**
     * The magnet links of the torrents with these info hashes (lowercase 40-hex), in one query per
     * thousand, never cached; those the index does not have are left out.
     */
    async findTorrents(infoHashes: string[]): Promise<{ infoHash: string; title: string; magnet: string }[]> {
      const found: { infoHash: string; title: string; magnet: string }[] = []
      for (let start = 0; start < infoHashes.length; start += MAGNETS_PAGE) {
        const page = infoHashes.slice(start, start + MAGNETS_PAGE)
        const data = await deps.core.query<{
          torrentContent: { search: { items: { infoHash: string; title: string; torrent: { magnetUri: string } }[] } }
        }>(MAGNETS_QUERY, { infoHashes: page, limit: page.length })
        for (const item of data.torrentContent.search.items)
          found.push({ infoHash: item.infoHash, title: item.title, magnet: item.torrent.magnetUri })
      }
      return found
    },

    async get(infoHash: string): Promise<TorrentDetail> {
      const data = await deps.cache.get(`torrent:${infoHash}`, DETAIL_TTL_MS, () =>
        deps.core.query<{
          torrentContent: { search: { items: CoreItem[] } }
          evidence: { items: { id: string; client: string; type: string; result: string; occurredAt: string; receivedAt: string }[] }
        }>(DETAIL_QUERY, { infoHash }),
      )
      const item = data.torrentContent.search.items[0]
      if (!item) throw new TorrentNotFoundError(infoHash)
      return {
        ...toSummary(item),
        magnet_uri: item.torrent.magnetUri ?? '',
        files: (item.torrent.files ?? []).map((file) => ({ path: file.path, size_bytes: file.size })),
        evidence: data.evidence.items.map((report) => ({
          id: report.id,
          source: report.client,
          type: report.type,
          result: report.result,
          occurred_at: report.occurredAt,
          recorded_at: report.receivedAt,
        })),
      }
    },
  }
}

export type LibraryService = ReturnType<typeof createLibraryService>
