import { AppError } from '../../app-error'
import type { CoreClient, ResponseCache } from '../core-client'
import type { ListQuery, TorrentDetail, TorrentSummary } from './model'

export class TorrentNotFoundError extends AppError {
  constructor(infoHash: string) {
    super('not_found', `no torrent with info hash ${infoHash}`)
  }
}

/** A listing changes as the crawler stores torrents; a few seconds old is fresh enough to page. */
const LIST_TTL_MS = 5_000
const DETAIL_TTL_MS = 30_000

const SUMMARY_FIELDS = 'infoHash title contentType createdAt torrent { size }'

const LIST_QUERY = `query DashboardTorrents($input: TorrentContentSearchQueryInput!) {
  torrentContent { search(input: $input) { totalCount items { ${SUMMARY_FIELDS} } } }
}`

const DETAIL_QUERY = `query DashboardTorrent($infoHash: Hash20!) {
  torrentContent { search(input: { infoHashes: [$infoHash], limit: 1 }) {
    items { ${SUMMARY_FIELDS} torrent { magnetUri files { path size } } }
  } }
  evidence(input: { infoHash: $infoHash, limit: 100 }) { items { id client type result receivedAt } }
}`

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
export function createLibraryService(deps: { core: CoreClient; cache: ResponseCache }) {
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

    async get(infoHash: string): Promise<TorrentDetail> {
      const data = await deps.cache.get(`torrent:${infoHash}`, DETAIL_TTL_MS, () =>
        deps.core.query<{
          torrentContent: { search: { items: CoreItem[] } }
          evidence: { items: { id: string; client: string; type: string; result: string; receivedAt: string }[] }
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
          recorded_at: report.receivedAt,
        })),
      }
    },
  }
}

export type LibraryService = ReturnType<typeof createLibraryService>
