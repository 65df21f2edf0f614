import type { LibraryRow as Row } from '../../src/dashboard/library/model'
import { formatBytes, formatCount } from '../format'
import { hasHiddenCharacters } from '../hidden-characters'
import { contentTypeLabel } from './library-content-type'
import { SelectRow } from './library-selection'
import { SuspiciousNameBadge } from './suspicious-name'
import { TimeAgo } from './time-ago'

/** Confirmed = ground truth from an *arr client's evidence; pending = only the rules labelled it (DESIGN.md 3.6). */
export function ClassificationTag(props: { status: Row['classification_status'] }) {
  return props.status === 'confirmed' ? (
    <span class="tag ok" title="Labelled by evidence from an *arr client">
      Confirmed
    </span>
  ) : (
    <span class="tag" title="Labelled by the classifier's rules only">
      Pending
    </span>
  )
}

/** One torrent of the library table, with its box for bulk actions. */
export function LibraryRow(props: { row: Row }) {
  const { row } = props
  return (
    <tr>
      <td class="select">
        <SelectRow infoHash={row.info_hash} title={row.title} />
      </td>
      <td class="title">
        <a href={`/library/${row.info_hash}`}>{row.title}</a>
        {hasHiddenCharacters(row.title) ? (
          <>
            {' '}
            <SuspiciousNameBadge />
          </>
        ) : null}
      </td>
      <td>{contentTypeLabel(row.content_type)}</td>
      <td class="num">{formatBytes(row.size_bytes)}</td>
      <td class="hide-narrow">
        <TimeAgo iso={row.created_at} />
      </td>
      <td class="num hide-narrow">{row.seeders === null ? <span class="muted">–</span> : formatCount(row.seeders)}</td>
      <td>
        <ClassificationTag status={row.classification_status} />
      </td>
    </tr>
  )
}
