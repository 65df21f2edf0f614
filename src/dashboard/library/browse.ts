import type { CoreClient, ResponseCache } from '../core-client'
import {
  type FacetKey,
  type FacetSelection,
  type FacetValue,
  LIBRARY_FACETS,
  type LibraryOrder,
  type LibraryQuery,
  type LibraryResults,
} from './model'
import { withLastWordAsPrefix } from './search-text'

/** A listing changes as the crawler stores torrents; a few seconds old is fresh enough to page. */
export const LIST_TTL_MS = 5_000

/**
 * Torrents the core reads at most to count a page's matches and facets and to order them by
 * anything but their natural order (its aggregationBudget; as deep as the pages go, 5,000), and
 * to count each ticked facet without its own ticks: past these the counts are estimates, and a
 * page with three ticked facets reads 5,000 + 3 × 2,000 rows at most, whatever the index.
 */
const PAGE_COUNT_BUDGET = 5_000
const FACET_COUNT_BUDGET = 2_000

const BROWSE_QUERY = `query DashboardLibrary($input: TorrentContentSearchQueryInput!) {
  torrentContent { search(input: $input) {
    totalCount totalCountIsEstimate hasNextPage
    items { infoHash title contentType createdAt seeders classificationStatus torrent { size magnetUri } }
    aggregations { ${LIBRARY_FACETS.map((facet) => `${facet.aggregation} { value label count isEstimate }`).join(' ')} }
  } }
}`

const ORDER_FIELDS: Record<LibraryOrder, string> = {
  newest: 'published_at',
  relevance: 'relevance',
  size: 'size',
  seeders: 'seeders',
}

interface CoreAggregation {
  value: string | number | null
  label: string
  count: number
  isEstimate: boolean
}

interface CoreSearch {
  torrentContent: {
    search: {
      totalCount: number
      totalCountIsEstimate: boolean
      hasNextPage: boolean | null
      items: {
        infoHash: string
        title: string
        contentType: string | null
        createdAt: string
        seeders: number | null
        classificationStatus: string
        torrent: { size: number; magnetUri: string }
      }[]
      aggregations: Partial<Record<string, CoreAggregation[] | null>>
    }
  }
}

type Facet = (typeof LIBRARY_FACETS)[number]

/** A facet value of the page's address as the core's filter takes it, and back. */
const toCoreValue = (facet: Facet, value: string): string | number =>
  facet.key === 'resolution' ? `v${value}` : facet.key === 'year' ? Number(value) : value
const fromCoreValue = (facet: Facet, value: string | number): string =>
  facet.key === 'resolution' ? String(value).replace(/^v/, '') : String(value)

/** The core's facets input: the ticked values of each facet but `without`, and the aggregations asked for. */
function facetsInput(selection: FacetSelection, aggregated: readonly FacetKey[], without: FacetKey | null) {
  const input: Record<string, { aggregate?: boolean; filter?: (string | number)[] }> = {}
  for (const facet of LIBRARY_FACETS) {
    const values = facet.key === without ? [] : selection[facet.key]
    const entry: { aggregate?: boolean; filter?: (string | number)[] } = {}
    if (aggregated.includes(facet.key)) entry.aggregate = true
    if (values.length > 0) entry.filter = values.map((value) => toCoreValue(facet, value))
    if (entry.aggregate || entry.filter) input[facet.aggregation] = entry
  }
  return input
}

/**
 * One page of the library with its facet counts, as bitmagnet's web UI shows them: a facet
 * without ticks is counted over the page's matches; a facet with ticks is counted without its
 * own (one more search each, run beside the first), so another value of it can still be added.
 * The last word of the text is a prefix (search-text.ts).
 */
export async function browseLibrary(deps: { core: CoreClient; cache: ResponseCache }, query: LibraryQuery): Promise<LibraryResults> {
  const text = withLastWordAsPrefix(query.text)
  const order = query.order === 'relevance' && text === '' ? 'newest' : query.order
  const ticked = LIBRARY_FACETS.filter((facet) => query.facets[facet.key].length > 0).map((facet) => facet.key)
  const search = (input: object) =>
    deps.cache.get(`library:${JSON.stringify(input)}`, LIST_TTL_MS, () => deps.core.query<CoreSearch>(BROWSE_QUERY, { input }))
  const base = { queryString: text || null }
  const [page, ...perFacet] = await Promise.all([
    search({
      ...base,
      limit: query.limit,
      offset: query.offset,
      totalCount: true,
      hasNextPage: true,
      aggregationBudget: PAGE_COUNT_BUDGET,
      facets: facetsInput(
        query.facets,
        LIBRARY_FACETS.map((facet) => facet.key).filter((key) => !ticked.includes(key)),
        null,
      ),
      orderBy: [{ field: ORDER_FIELDS[order], descending: true }],
    }),
    ...ticked.map((key) =>
      search({ ...base, limit: 0, aggregationBudget: FACET_COUNT_BUDGET, facets: facetsInput(query.facets, [key], key) }),
    ),
  ])
  const result = page!.torrentContent.search
  const aggregationOf = (facet: Facet): CoreAggregation[] => {
    const from = ticked.includes(facet.key) ? perFacet[ticked.indexOf(facet.key)]! : page!
    return from.torrentContent.search.aggregations[facet.aggregation] ?? []
  }
  const facets = Object.fromEntries(
    LIBRARY_FACETS.map((facet) => [
      facet.key,
      aggregationOf(facet)
        .filter((bucket) => bucket.value !== null)
        .map(
          (bucket): FacetValue => ({
            value: fromCoreValue(facet, bucket.value!),
            label: bucket.label,
            count: bucket.count,
            isEstimate: bucket.isEstimate,
          }),
        ),
    ]),
  ) as Record<FacetKey, FacetValue[]>
  return {
    totalCount: result.totalCount,
    totalIsEstimate: result.totalCountIsEstimate,
    hasNextPage: result.hasNextPage === true,
    items: result.items.map((item) => ({
      info_hash: item.infoHash,
      title: item.title,
      // Not yet classified: named as /api/stats' categoryBreakdown names it.
      content_type: item.contentType ?? 'unknown',
      size_bytes: item.torrent.size,
      created_at: item.createdAt,
      magnet_uri: item.torrent.magnetUri,
      seeders: item.seeders,
      classification_status: item.classificationStatus === 'confirmed' ? 'confirmed' : 'pending',
    })),
    facets,
  }
}
