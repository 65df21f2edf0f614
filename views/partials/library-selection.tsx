import { TAG_MAX_LENGTH } from '../../src/vocabulary'
import { ActionStatus } from './action-status'
import { LIBRARY_RESULTS_ID } from './library-filter'

/** The id of the form the library's row checkboxes belong to (their `form` attribute); bulk actions post it. */
export const LIBRARY_SELECTION_FORM_ID = 'library-selection'
/** Where a bulk action says what it did (its `hx-target`). */
export const LIBRARY_SELECTION_STATUS_ID = 'library-selection-status'

/** A download client a bulk send may go to. */
export interface SendTarget {
  id: string
  name: string
}

/** What the delete confirmation says, in the browser's dialog and on the page without JavaScript. */
export const DELETE_WARNING =
  'They are removed from the index and their info hashes are blocked: neither the crawler nor an import adds them again until you unblock them on the Block list page.'

/**
 * The library's bulk actions on the ticked rows. Each row's checkbox (`name="info_hash"`) belongs
 * to this form through `form="library-selection"`, and the header's box ticks them all (app.js);
 * a bulk action is a submit button of this form with its own `formaction` (without JavaScript)
 * and `hx-post` (htmx sends the form's ticked boxes and the button's name and value), answering
 * the status line. Copy magnets needs no server: app.js copies the ticked rows' `data-magnet`.
 */
export function LibrarySelection(props: { clients: SendTarget[] }) {
  const status = { 'hx-target': `#${LIBRARY_SELECTION_STATUS_ID}`, 'hx-swap': 'outerHTML' }
  const post = (action: string) => ({ formaction: action, 'hx-post': action, ...status })
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
      <button type="button" class="secondary small" data-copy-selection={LIBRARY_SELECTION_FORM_ID}>
        Copy magnets
      </button>
      <span class="selection-tag">
        <label for="library-selection-tag" class="visually-hidden">
          Tag for the selected torrents
        </label>
        <input id="library-selection-tag" name="tag" maxlength={TAG_MAX_LENGTH} placeholder="tag" autocomplete="off" />
        <button type="submit" class="secondary small" {...post('/library/selection/tags/add')}>
          Add tag
        </button>
        <button type="submit" class="secondary small" {...post('/library/selection/tags/remove')}>
          Remove tag
        </button>
      </span>
      {props.clients.map((client) => (
        <button type="submit" class="secondary small" name="client_id" value={client.id} {...post('/library/selection/send')}>
          Send to {client.name}
        </button>
      ))}
      <button
        type="submit"
        class="danger small"
        {...post('/library/selection/delete')}
        hx-target={`#${LIBRARY_RESULTS_ID}`}
        hx-confirm={`Delete the selected torrents? ${DELETE_WARNING}`}
        hx-vals='{"confirmed": "yes"}'
      >
        Delete…
      </button>
      {props.clients.length === 0 ? (
        <span class="muted">
          To send ticked torrents to qBittorrent or Transmission, <a href="/settings#download-clients">add a download client</a>.
        </span>
      ) : null}
      <ActionStatus id={LIBRARY_SELECTION_STATUS_ID} />
    </form>
  )
}

/** A row's box: its info hash, for the selection form, named for its torrent, with its magnet for Copy magnets. */
export function SelectRow(props: { infoHash: string; title: string; magnetUri: string }) {
  return (
    <input
      type="checkbox"
      name="info_hash"
      value={props.infoHash}
      form={LIBRARY_SELECTION_FORM_ID}
      data-magnet={props.magnetUri}
      aria-label={`Select ${props.title}`}
    />
  )
}

/** The header's box: ticks or clears every row of this page (app.js). */
export function SelectAllRows() {
  return <input type="checkbox" data-select-all={LIBRARY_SELECTION_FORM_ID} aria-label="Select all on this page" />
}
