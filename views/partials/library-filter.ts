/** The library's facets in the page's order, each with its heading. */
export const FACET_HEADINGS = {
  content_type: 'Content type',
  resolution: 'Resolution',
  source: 'Video source',
  language: 'Language',
  year: 'Year',
  file_type: 'File type',
} as const

export type FacetKeyView = keyof typeof FACET_HEADINGS
export const FACET_KEYS = Object.keys(FACET_HEADINGS) as FacetKeyView[]

/** The values ticked in each facet. */
export type FacetSelectionView = Record<FacetKeyView, string[]>

/** What the library shows: the search text, the ticked facet values, the order and the page (1-based). */
export interface LibraryFilter {
  q: string
  facets: FacetSelectionView
  order: 'newest' | 'relevance' | 'size' | 'seeders'
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
  for (const key of FACET_KEYS) for (const value of filter.facets[key]) params.append(key, value)
  if (filter.order !== 'newest') params.set('order', filter.order)
  if (filter.page > 1) params.set('page', String(filter.page))
  const query = params.toString()
  return query ? `/library?${query}` : '/library'
}

/** Whether a facet that the core checks row by row is ticked: its counts are then estimates past the census. */
export function hasRowFilters(filter: LibraryFilter): boolean {
  return FACET_KEYS.some((key) => key !== 'content_type' && filter.facets[key].length > 0)
}

/** The same filter with no facet ticked. */
export function withoutFacets(filter: LibraryFilter): LibraryFilter {
  return { ...filter, page: 1, facets: Object.fromEntries(FACET_KEYS.map((key) => [key, []])) as unknown as FacetSelectionView }
}

/** The htmx attributes of a control that re-lists the library with the search form's values. */
export const liveSearch = {
  'hx-get': '/library',
  'hx-target': `#${LIBRARY_RESULTS_ID}`,
  'hx-swap': 'outerHTML',
  'hx-push-url': 'true',
  'hx-include': `#${LIBRARY_SEARCH_FORM_ID}`,
}
