import { ActionStatus } from './action-status'

/** The id of the form the library's row checkboxes belong to (their `form` attribute); bulk actions post it. */
export const LIBRARY_SELECTION_FORM_ID = 'library-selection'
/** Where a bulk action says what it did (its `hx-target`). */
export const LIBRARY_SELECTION_STATUS_ID = 'library-selection-status'

/** A download client a bulk send may go to. */
export interface SendTarget {
  id: string
  name: string
}

/**
 * The library's bulk actions on the ticked rows. Each row's checkbox (`name="info_hash"`) belongs
 * to this form through `form="library-selection"`, and the header's box ticks them all (app.js);
 * a bulk action is a submit button of this form with its own `formaction` (without JavaScript)
 * and `hx-post` (htmx sends the form's ticked boxes and the button's name and value), answering
 * the status line. Sending to each download client is one; more actions join as more buttons.
 */
export function LibrarySelection(props: { clients: SendTarget[] }) {
  const status = { 'hx-target': `#${LIBRARY_SELECTION_STATUS_ID}`, 'hx-swap': 'outerHTML' }
  return (
    <form
      id={LIBRARY_SELECTION_FORM_ID}
      class="selection-bar"
      method="post"
      action="/library/selection/send"
      aria-label="Selected torrents"
    >
      <span class="muted selection-count" data-selection-count={LIBRARY_SELECTION_FORM_ID}>
        None selected
      </span>
      {props.clients.map((client) => (
        <button
          type="submit"
          class="secondary small"
          name="client_id"
          value={client.id}
          formaction="/library/selection/send"
          hx-post="/library/selection/send"
          {...status}
        >
          Send to {client.name}
        </button>
      ))}
      {props.clients.length === 0 ? (
        <span class="muted">
          To send ticked torrents to qBittorrent or Transmission, <a href="/settings#download-clients">add a download client</a>.
        </span>
      ) : null}
      <ActionStatus id={LIBRARY_SELECTION_STATUS_ID} />
    </form>
  )
}

/** A row's box: its info hash, for the selection form, named for its torrent. */
export function SelectRow(props: { infoHash: string; title: string }) {
  return (
    <input type="checkbox" name="info_hash" value={props.infoHash} form={LIBRARY_SELECTION_FORM_ID} aria-label={`Select ${props.title}`} />
  )
}

/** The header's box: ticks or clears every row of this page (app.js). */
export function SelectAllRows() {
  return <input type="checkbox" data-select-all={LIBRARY_SELECTION_FORM_ID} aria-label="Select all on this page" />
}
