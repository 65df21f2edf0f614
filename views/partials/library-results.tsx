import { formatCount } from '../format'
import { type FacetValueView, LibraryFacets } from './library-facets'
import { type FacetKeyView, hasRowFilters, LIBRARY_RESULTS_ID, type LibraryFilter, libraryUrl, withoutFacets } from './library-filter'
import { LibraryPager } from './library-pager'
import { LibraryRow, type LibraryRowView } from './library-row'
import { LibrarySelection, SelectAllRows, type SendTarget } from './library-selection'

/** A page of the library as the core found it. */
export interface LibraryResultsView {
  totalCount: number
  /** The count is the core's estimate (a census of the matches). */
  totalIsEstimate: boolean
  hasNextPage: boolean
  items: LibraryRowView[]
  /** Each facet's values with their counts. */
  facets: Record<FacetKeyView, FacetValueView[]>
}

export interface LibraryResultsProps {
  filter: LibraryFilter
  /** null when the core did not answer (or refused the search: `refusal`). */
  results: LibraryResultsView | null
  /** Why the core refused the search, in its words. */
  refusal?: string
  pageSize: number
  /** How many results the library pages through (LIBRARY_DEPTH). */
  depth: number
  /** The download clients the ticked rows may be sent to. */
  clients: SendTarget[]
  /** What an action just did (a bulk delete), said above the list. */
  notice?: string
}

const torrents = (count: number) => (count === 1 ? 'torrent' : 'torrents')

/** How search works, said where a search found nothing. */
function SearchHelp() {
  return (
    <div class="card search-help">
      <p>
        Search finds torrents whose name or title holds every word you type, in any order; case and accents do not matter. The last word
        also matches the start of a longer one (<code>sev</code> finds <em>Severance</em>).
      </p>
      <ul>
        <li>
          <code>"the office"</code>: words in quotes must stand together, in that order.
        </li>
        <li>
          <code>matr*</code>: a star matches the start of any word.
        </li>
        <li>Filters on the side narrow by type, resolution, source, language, year and file type.</li>
      </ul>
    </div>
  )
}

/** The count line: "1–50 of 1,234 torrents", or why there is nothing to show. */
function CountLine(props: LibraryResultsProps & { results: LibraryResultsView; isPastEnd: boolean }) {
  const { filter, results, pageSize } = props
  const first = (filter.page - 1) * pageSize + 1
  const isFiltered = filter.q !== '' || Object.values(filter.facets).some((values) => values.length > 0)
  if (props.isPastEnd)
    return (
      <p class="muted library-count">
        This page is past the last one. <a href={libraryUrl({ ...filter, page: 1 })}>Back to the first page</a>
      </p>
    )
  if (results.totalCount === 0 && results.totalIsEstimate && hasRowFilters(filter))
    return <p class="library-count">None of the newest torrents match these filters. Search for words of the name to look further back.</p>
  if (results.totalCount === 0) return <p class="library-count">{isFiltered ? 'Nothing matches.' : 'The library is empty.'}</p>
  const about = results.totalIsEstimate && hasRowFilters(filter) ? 'about ' : ''
  return (
    <p class="muted library-count">
      {`${formatCount(first)}–${formatCount(first + results.items.length - 1)} of ${about}${formatCount(results.totalCount)} ${torrents(results.totalCount)}`}
    </p>
  )
}

/**
 * What the pages cannot reach, said plainly: filters checked on the newest torrents only (the
 * list ended before the estimated count), the depth cap, and a sort over a census.
 */
function DepthNote(props: { filter: LibraryFilter; results: LibraryResultsView; depth: number; pageSize: number }) {
  const { results } = props
  const lastShown = (props.filter.page - 1) * props.pageSize + results.items.length
  const isCutShort = !results.hasNextPage && results.totalIsEstimate && hasRowFilters(props.filter)
  if (isCutShort && lastShown < results.totalCount && lastShown < props.depth)
    return (
      <p class="muted depth-note">
        The filters were checked on the newest torrents; about {formatCount(results.totalCount - lastShown)} more may match further back.
        {props.filter.q ? ' More words of the name reach them.' : ' Search for words of the name to reach them.'}
      </p>
    )
  if (results.totalCount <= props.depth) return null
  const depth = formatCount(props.depth)
  const sorted = props.filter.order === 'size' ? 'Largest first' : props.filter.order === 'seeders' ? 'Most seeders first' : null
  return (
    <p class="muted depth-note">
      {sorted
        ? `${sorted} among the newest ${depth} matches, and the pages go ${depth} deep.`
        : `The pages go ${depth} deep (${formatCount(props.depth / props.pageSize)} pages).`}{' '}
      Search for more words or tick filters to reach the rest.
    </p>
  )
}

/**
 * The count, the bulk actions, the table of torrents (each with its box) and the pager, with the
 * facets' counts swapped beside them out of band.
 */
export function LibraryResults(props: LibraryResultsProps & { isPartial?: boolean }) {
  const { filter, results } = props
  const facets = <LibraryFacets filter={filter} facets={results?.facets ?? null} isOutOfBand={props.isPartial} />
  if (!results)
    return (
      <>
        <section id={LIBRARY_RESULTS_ID} class="card muted" aria-live="polite" aria-label="Results">
          {props.refusal
            ? `The indexer refused this search: ${props.refusal}`
            : 'The library is listed by the indexer core; it shows again when the core answers.'}
        </section>
        {props.isPartial ? facets : null}
      </>
    )
  const pageSize = props.pageSize
  const isPastEnd = results.items.length === 0 && filter.page > 1
  const isCountReliable = !results.totalIsEstimate || !hasRowFilters(filter)
  const lastPage = isCountReliable ? Math.ceil(Math.min(results.totalCount, props.depth) / pageSize) : null
  const hasAnyFacet = Object.values(filter.facets).some((values) => values.length > 0)
  return (
    <>
      <section id={LIBRARY_RESULTS_ID} aria-live="polite" aria-label="Results">
        {props.notice ? (
          <p class="notice" role="status">
            {props.notice}
          </p>
        ) : null}
        <CountLine {...props} results={results} isPastEnd={isPastEnd} />
        {results.totalCount === 0 && !isPastEnd ? (
          <>
            {hasAnyFacet ? (
              <p>
                <a href={libraryUrl(withoutFacets(filter))}>Clear the filters</a>
              </p>
            ) : null}
            {filter.q ? <SearchHelp /> : null}
          </>
        ) : null}
        {isPastEnd ? null : <DepthNote filter={filter} results={results} depth={props.depth} pageSize={pageSize} />}
        {results.items.length > 0 ? <LibrarySelection clients={props.clients} /> : null}
        {results.items.length > 0 ? (
          <div class="table-wrap">
            <table class="library-table">
              <thead>
                <tr>
                  <th scope="col" class="select">
                    <SelectAllRows />
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col" class="num">
                    Size
                  </th>
                  <th scope="col" class="hide-narrow">
                    Added
                  </th>
                  <th scope="col" class="num">
                    Seeders
                  </th>
                  <th scope="col" class="hide-narrow">
                    Label
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.items.map((row) => (
                  <LibraryRow row={row} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {isPastEnd ? null : <LibraryPager filter={filter} lastPage={lastPage} hasNextPage={results.hasNextPage} />}
      </section>
      {props.isPartial ? facets : null}
    </>
  )
}
