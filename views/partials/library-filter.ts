import { type FacetSelection, LIBRARY_FACETS, type LibraryOrder } from '../../src/dashboard/library/model'

/** What the library shows: the search text, the ticked facet values, the order and the page (1-based). */
export interface LibraryFilter {
  q: string
  facets: FacetSelection
  order: LibraryOrder
  page: number
}

/** The id of the search form every library control belongs to (facet boxes by their `form` attribute). */
export const LIBRARY_SEARCH_FORM_ID = 'library-search'
/** The id of the results (count, table, pager), the `hx-target` the search form swaps. */
export const LIBRARY_RESULTS_ID = 'library-results'

/** The library's URL for a filter, without the defaults: what the address bar and the pager show. */
export function libraryUrl(filter: LibraryFilter): string {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  for (const facet of LIBRARY_FACETS) for (const value of filter.facets[facet.key]) params.append(facet.key, value)
  if (filter.order !== 'newest') params.set('order', filter.order)
  if (filter.page > 1) params.set('page', String(filter.page))
  const query = params.toString()
  return query ? `/library?${query}` : '/library'
}

/** Whether a facet that the core checks row by row is ticked: its counts are then estimates past the census. */
export function hasRowFilters(filter: LibraryFilter): boolean {
  return LIBRARY_FACETS.some((facet) => facet.key !== 'content_type' && filter.facets[facet.key].length > 0)
}

/** The same filter with no facet ticked. */
export function withoutFacets(filter: LibraryFilter): LibraryFilter {
  return { ...filter, page: 1, facets: Object.fromEntries(LIBRARY_FACETS.map((facet) => [facet.key, []])) as unknown as FacetSelection }
}

/** The htmx attributes of a control that re-lists the library with the search form's values. */
export const liveSearch = {
  'hx-get': '/library',
  'hx-target': `#${LIBRARY_RESULTS_ID}`,
  'hx-swap': 'outerHTML',
  'hx-push-url': 'true',
  'hx-include': `#${LIBRARY_SEARCH_FORM_ID}`,
}
