import type { LibraryOrder, LibraryRow as Row } from '../../src/dashboard/library/model'
import { formatCount } from '../format'
import { LibraryRow } from './library-row'
import { LibrarySelection, SelectAllRows, type SendTarget } from './library-selection'

/** What the library shows: the search text, the content type, the order and the page (1-based). */
export interface LibraryFilter {
  q: string
  contentType: string | null
  order: LibraryOrder
  page: number
}

/** The id of the results (count, table, pager), the `hx-target` the search form swaps. */
export const LIBRARY_RESULTS_ID = 'library-results'

/** The library's URL for a filter, without the defaults: what the address bar and the pager show. */
export function libraryUrl(filter: LibraryFilter): string {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.contentType) params.set('content_type', filter.contentType)
  if (filter.order !== 'newest') params.set('order', filter.order)
  if (filter.page > 1) params.set('page', String(filter.page))
  const query = params.toString()
  return query ? `/library?${query}` : '/library'
}

export interface LibraryResultsProps {
  filter: LibraryFilter
  totalCount: number
  rows: Row[]
  pageSize: number
  /** The core did not answer: nothing to list. */
  coreUnavailable?: boolean
  /** The download clients the ticked rows may be sent to. */
  clients: SendTarget[]
}

function PagerLink(props: { filter: LibraryFilter; page: number; label: string; rel: string }) {
  const href = libraryUrl({ ...props.filter, page: props.page })
  return (
    <a
      class="button secondary"
      href={href}
      rel={props.rel}
      hx-get={href}
      hx-target={`#${LIBRARY_RESULTS_ID}`}
      hx-swap="outerHTML"
      hx-push-url="true"
    >
      {props.label}
    </a>
  )
}

/** The count, the bulk actions, the table of torrents (each with its box) and Previous/Next. */
export function LibraryResults(props: LibraryResultsProps) {
  const { filter, totalCount, rows, pageSize } = props
  const pages = Math.max(1, Math.ceil(totalCount / pageSize))
  const first = (filter.page - 1) * pageSize + 1
  // A page past the end (an old link, a hand-edited address): the count of a deep page may be an
  // estimate, so the way back is the first page, which always exists.
  const isPastEnd = rows.length === 0 && filter.page > 1
  if (props.coreUnavailable)
    return (
      <section id={LIBRARY_RESULTS_ID} class="card muted" aria-live="polite">
        The library is listed by the indexer core; it shows again when the core answers.
      </section>
    )
  return (
    <section id={LIBRARY_RESULTS_ID} aria-live="polite" aria-label="Results">
      <p class="muted library-count">
        {isPastEnd ? (
          <>
            This page is past the last one. <a href={libraryUrl({ ...filter, page: 1 })}>Back to the first page</a>
          </>
        ) : totalCount === 0 ? (
          filter.q || filter.contentType ? (
            'Nothing matches.'
          ) : (
            'The library is empty.'
          )
        ) : (
          `${formatCount(first)}–${formatCount(first + rows.length - 1)} of ${formatCount(totalCount)} ${totalCount === 1 ? 'torrent' : 'torrents'}`
        )}
      </p>
      {rows.length > 0 ? <LibrarySelection clients={props.clients} /> : null}
      {rows.length > 0 ? (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col" class="select">
                  <SelectAllRows />
                </th>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col" class="num">
                  Size
                </th>
                <th scope="col" class="hide-narrow">
                  Added
                </th>
                <th scope="col" class="num hide-narrow">
                  Seeders
                </th>
                <th scope="col">Label</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <LibraryRow row={row} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 && !isPastEnd ? (
        <nav class="pager" aria-label="Library pages">
          {filter.page > 1 ? <PagerLink filter={filter} page={filter.page - 1} label="Previous" rel="prev" /> : <span />}
          <span class="muted">
            Page {formatCount(filter.page)} of {formatCount(pages)}
          </span>
          {filter.page < pages ? <PagerLink filter={filter} page={filter.page + 1} label="Next" rel="next" /> : <span />}
        </nav>
      ) : null}
    </section>
  )
}
