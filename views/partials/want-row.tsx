import { contentTypeLabel } from '../../src/vocabulary'

/** A want as its row, edit form and page show it. */
export interface WantView {
  id: string
  title: string
  content_type: string
  query: string
  priority: 'low' | 'medium' | 'high'
  status: 'active' | 'paused' | 'fulfilled'
  notes: string
  created_at: string
  /** The info hash of the torrent that fulfilled it, when the indexer did. */
  fulfilled_by: string | null
}

/** The id of a want's row, the `hx-target` its buttons and its edit form swap. */
export const wantRowId = (id: string) => `want-${id}`

function Status(props: { want: WantView }) {
  const { want } = props
  const fulfilledBy = want.fulfilled_by
  if (want.status === 'active') return <span class="tag ok">Active</span>
  if (want.status === 'paused') return <span class="tag warn">Paused</span>
  return (
    <span class="want-status">
      <span class="tag">Fulfilled</span>
      {fulfilledBy ? (
        <a href={`/library/${fulfilledBy}`} aria-label={`Torrent that fulfilled ${want.title}`}>
          torrent
        </a>
      ) : null}
    </span>
  )
}

/**
 * One want: what it asks for, its status, and Edit, Pause/Resume (or Re-open) and Delete.
 * `focus`: the button that takes the focus when the row is swapped in (htmx focuses `autofocus`),
 * the one a keyboard user pressed or came back to (Cancel or Save of an edit): the swap removed it.
 */
export function WantRow(props: { want: WantView; focus?: 'edit' | 'status' }) {
  const { want } = props
  const focus = (button: 'edit' | 'status') => (props.focus === button ? { autofocus: true } : {})
  const row = { 'hx-target': `#${wantRowId(want.id)}`, 'hx-swap': 'outerHTML' }
  const statusUrl = `/wants/${encodeURIComponent(want.id)}/status`
  const next =
    want.status === 'active'
      ? { status: 'paused', label: 'Pause' }
      : { status: 'active', label: want.status === 'paused' ? 'Resume' : 'Re-open' }
  return (
    <tr id={wantRowId(want.id)}>
      <td class="title">
        <strong>
          <a href={`/wants/${encodeURIComponent(want.id)}`}>{want.title}</a>
        </strong>
        <div class="muted want-notes show-narrow">
          {contentTypeLabel(want.content_type)} · {want.priority}
        </div>
        {want.notes ? <div class="muted want-notes">{want.notes}</div> : null}
      </td>
      <td class="hide-narrow">{contentTypeLabel(want.content_type)}</td>
      <td class="title hide-narrow">
        <code>{want.query}</code>
      </td>
      <td class="hide-narrow">{want.priority}</td>
      <td>
        <Status want={want} />
      </td>
      <td>
        <div class="want-buttons">
          <button
            type="button"
            class="secondary small"
            hx-get={`/wants/${encodeURIComponent(want.id)}/edit`}
            {...row}
            {...focus('edit')}
            aria-label={`Edit ${want.title}`}
          >
            Edit
          </button>
          <button
            type="button"
            class="secondary small"
            hx-put={statusUrl}
            hx-vals={JSON.stringify({ status: next.status })}
            {...row}
            {...focus('status')}
            aria-label={`${next.label} ${want.title}`}
          >
            {next.label}
          </button>
          <button
            type="button"
            class="danger small"
            hx-delete={`/wants/${encodeURIComponent(want.id)}`}
            hx-confirm={`Delete the want "${want.title}"?`}
            {...row}
            aria-label={`Delete ${want.title}`}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  )
}
