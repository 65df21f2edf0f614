import { FACET_HEADINGS, type LibraryFilter } from '../../../views/partials/library-filter'
import type { LibraryResultsProps } from '../../../views/partials/library-results'
import { CoreQueryError, CoreUnavailableError } from '../core-client'
import { isContentType, resolveTvAlias } from '../../vocabulary'
import { type FacetSelection, LIBRARY_FACETS, LIBRARY_ORDERS, type LibraryOrder, type LibraryResults } from './model'
import type { LibraryService } from './service'

const PAGE_SIZE = 50

/**
 * How deep the library pages: the core reads at most a few thousand matches to rank, sort or
 * filter them, so a page past this could come back empty. The page says so and offers to narrow.
 */
export const LIBRARY_DEPTH = 5_000
const MAX_PAGE = LIBRARY_DEPTH / PAGE_SIZE

/** The library's query string, read leniently: a page shows what it can rather than a JSON 400. */
function readFilter(url: URL): LibraryFilter | { error: string } {
  const facets = {} as FacetSelection
  for (const facet of LIBRARY_FACETS) {
    const values = url.searchParams
      .getAll(facet.key)
      .map((value) => value.trim().toLowerCase())
      .filter((value) => value !== '')
      .map((value) => (facet.key === 'content_type' ? resolveTvAlias(value) : value))
    const bad = values.find((value) => !facet.pattern.test(value) || (facet.key === 'content_type' && !isContentType(value)))
    if (bad !== undefined) return { error: `There is no ${FACET_HEADINGS[facet.key].toLowerCase()} "${bad.slice(0, 40)}".` }
    facets[facet.key] = [...new Set(values)].slice(0, 20)
  }
  const rawPage = url.searchParams.get('page') ?? ''
  const order = url.searchParams.get('order') ?? ''
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, 500),
    facets,
    order: (LIBRARY_ORDERS as readonly string[]).includes(order) ? (order as LibraryOrder) : 'newest',
    page: /^\d{1,10}$/.test(rawPage) ? Math.min(Math.max(1, Number(rawPage)), MAX_PAGE) : 1,
  }
}

/**
 * The library at this address (its query string): the filter it asks for and the core's page of
 * results, null when the core is away or refused the search (`refusal`). A bad filter is an
 * `error` for a 400 page.
 */
export async function listLibrary(library: LibraryService, url: URL): Promise<Omit<LibraryResultsProps, 'clients'> | { error: string }> {
  const filter = readFilter(url)
  if ('error' in filter) return filter
  let results: LibraryResults | null = null
  let refusal: string | undefined
  try {
    results = await library.browse({
      text: filter.q,
      facets: filter.facets,
      order: filter.order,
      limit: PAGE_SIZE,
      offset: (filter.page - 1) * PAGE_SIZE,
    })
  } catch (err) {
    if (err instanceof CoreQueryError) refusal = err.message
    else if (!(err instanceof CoreUnavailableError)) throw err
  }
  return { filter, results, refusal, pageSize: PAGE_SIZE, depth: LIBRARY_DEPTH }
}
