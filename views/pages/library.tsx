import { Layout, chromeOf, type PageChrome } from '../layout'
import { LibraryFacets } from '../partials/library-facets'
import { LIBRARY_SEARCH_FORM_ID, liveSearch } from '../partials/library-filter'
import { LibraryResults, type LibraryResultsProps } from '../partials/library-results'

export interface LibraryPageProps extends LibraryResultsProps, PageChrome {}

const ORDERS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'relevance', label: 'Best match' },
  { value: 'size', label: 'Largest first' },
  { value: 'seeders', label: 'Most seeders' },
] as const

/**
 * The search form works as a plain GET form (the facet boxes belong to it); with htmx, typing
 * (debounced), the order and each tick swap only the results and push the URL, so the address bar
 * always reflects what is shown. The facets sit in a panel beside the list (above it on a phone,
 * folded), which keeps its open state while the lists inside it are swapped.
 */
export function LibraryPage(props: LibraryPageProps) {
  const { filter } = props
  const isFiltered = Object.values(filter.facets).some((values) => values.length > 0)
  return (
    <Layout title="Library" active="/library" {...chromeOf(props)}>
      <form id={LIBRARY_SEARCH_FORM_ID} class="card library-search" action="/library" method="get" data-follows-address="" {...liveSearch}>
        <div class="row">
          <div class="field grow">
            <label for="library-q">Search</label>
            <input
              id="library-q"
              type="search"
              name="q"
              value={filter.q}
              maxlength={500}
              placeholder="Title, year, group…"
              autocomplete="off"
              {...liveSearch}
              hx-trigger="input changed delay:300ms, search"
            />
          </div>
          <div class="field">
            <label for="library-order">Order</label>
            <select id="library-order" name="order" {...liveSearch} hx-trigger="change">
              {ORDERS.map((order) => (
                <option value={order.value} selected={filter.order === order.value}>
                  {order.label}
                </option>
              ))}
            </select>
          </div>
          <div class="field shrink">
            <button type="submit">Search</button>
          </div>
        </div>
        <p class="library-links">
          <a href="/library/blocked">Block list</a>
          <span class="muted"> · deleted torrents and why</span>
        </p>
      </form>
      <div class="library-layout">
        <details class="facet-panel" open={isFiltered} data-open-wide="">
          <summary>Filters</summary>
          <LibraryFacets filter={filter} facets={props.results?.facets ?? null} />
        </details>
        <LibraryResults {...props} />
      </div>
    </Layout>
  )
}
