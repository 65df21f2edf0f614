import { formatCount } from '../format'
import { LIBRARY_RESULTS_ID, type LibraryFilter, libraryUrl } from './library-filter'

export interface LibraryPagerProps {
  filter: LibraryFilter
  /** The last page, when it is known; null when the count is an estimate the core may not reach. */
  lastPage: number | null
  hasNextPage: boolean
}

function PageLink(props: { filter: LibraryFilter; page: number; label: string; rel?: string; current?: boolean }) {
  const href = libraryUrl({ ...props.filter, page: props.page })
  if (props.current)
    return (
      <a class="button secondary current" href={href} aria-current="page">
        {props.label}
      </a>
    )
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

/** Pages around this one (two either side), the first and the last: each a link, to the last page that exists. */
export function LibraryPager(props: LibraryPagerProps) {
  const { filter, lastPage } = props
  const page = filter.page
  const hasNext = lastPage === null ? props.hasNextPage : page < lastPage
  const upTo = lastPage ?? (hasNext ? page + 1 : page)
  const numbers: number[] = []
  for (let n = Math.max(1, page - 2); n <= Math.min(upTo, page + 2); n++) numbers.push(n)
  if (upTo <= 1) return null
  return (
    <nav class="pager" aria-label="Library pages">
      {page > 1 ? <PageLink filter={filter} page={page - 1} label="Previous" rel="prev" /> : null}
      {numbers[0]! > 1 ? <PageLink filter={filter} page={1} label="1" /> : null}
      {numbers[0]! > 2 ? <span class="muted">…</span> : null}
      {numbers.map((n) => (
        <PageLink filter={filter} page={n} label={formatCount(n)} current={n === page} />
      ))}
      {lastPage !== null && numbers.at(-1)! < lastPage - 1 ? <span class="muted">…</span> : null}
      {lastPage !== null && numbers.at(-1)! < lastPage ? <PageLink filter={filter} page={lastPage} label={formatCount(lastPage)} /> : null}
      {hasNext ? <PageLink filter={filter} page={page + 1} label="Next" rel="next" /> : null}
    </nav>
  )
}
