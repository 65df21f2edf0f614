import { formatBytes, formatCount } from '../format'
import { hasHiddenCharacters } from '../hidden-characters'
import { contentTypeLabel } from '../../src/vocabulary'
import { SelectRow } from './library-selection'
import { SuspiciousNameBadge } from './suspicious-name'
import { TimeAgo } from './time-ago'

/** A torrent as its row of the library table shows it. */
export interface LibraryRowView {
  info_hash: string
  title: string
  magnet_uri: string
  content_type: string
  size_bytes: number
  created_at: string
  /** Null while the core knows nothing of its swarm. */
  seeders: number | null
  classification_status: 'confirmed' | 'pending'
}

/** Confirmed = ground truth from an *arr client's evidence; pending = only the rules labelled it (DESIGN.md 3.6). */
export function ClassificationTag(props: { status: LibraryRowView['classification_status'] }) {
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

/** A torrent's `magnet:` link, which hands it to the download client the system opens magnets with. */
export function MagnetLink(props: { magnetUri: string; name: string }) {
  return (
    <a class="magnet" href={props.magnetUri}>
      Magnet<span class="visually-hidden"> link of {props.name}</span>
    </a>
  )
}

/**
 * One torrent of the library table, with its box for bulk actions (carrying its magnet for
 * "Copy magnets"). A long name is cut to two lines; the whole of it is its tooltip and its page.
 * On a phone each row is a card (app.css), its cells labelled by `data-label`.
 */
export function LibraryRow(props: { row: LibraryRowView }) {
  const { row } = props
  return (
    <tr>
      <td class="select">
        <SelectRow infoHash={row.info_hash} title={row.title} magnetUri={row.magnet_uri} />
      </td>
      <td class="title" data-label="Name">
        <a class="name" href={`/library/${row.info_hash}`} title={row.title}>
          {row.title}
        </a>
        {hasHiddenCharacters(row.title) ? (
          <>
            {' '}
            <SuspiciousNameBadge />
          </>
        ) : null}
        <MagnetLink magnetUri={row.magnet_uri} name={row.title} />
      </td>
      <td data-label="Type">{contentTypeLabel(row.content_type)}</td>
      <td class="num" data-label="Size">
        {formatBytes(row.size_bytes)}
      </td>
      <td class="hide-narrow" data-label="Added">
        <TimeAgo iso={row.created_at} />
      </td>
      <td class={row.seeders === null ? 'num unknown' : 'num'} data-label="Seeders">
        {row.seeders === null ? <span class="muted">–</span> : formatCount(row.seeders)}
      </td>
      <td class="hide-narrow" data-label="Label">
        <ClassificationTag status={row.classification_status} />
      </td>
    </tr>
  )
}
