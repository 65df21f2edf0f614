import { TimeAgo } from './time-ago'

/** A fetch by hash or magnet as its row shows it. */
export interface FetchView {
  infoHash: string
  name: string | null
  state: 'queued' | 'searching' | 'found' | 'not_found'
  detail: string | null
  requestedAt: string
}

/** The fetch form's id (it swaps itself, with its error or emptied), and the list's body (it refills itself). */
export const FETCH_FORM_ID = 'fetch-form'
export const FETCH_ROWS_ID = 'fetch-rows'

const STATE_TAGS: Record<FetchView['state'], { label: string; tone: string }> = {
  queued: { label: 'queued', tone: '' },
  searching: { label: 'searching', tone: 'warn' },
  found: { label: 'found', tone: 'ok' },
  not_found: { label: 'not found', tone: 'bad' },
}

/** Paste magnets or hashes, one a line: posts to /overview/fetch (without JavaScript the page reloads). */
export function FetchForm(props: { draft?: string; error?: string; asked?: number }) {
  return (
    <form id={FETCH_FORM_ID} class="card fetch-form" action="/overview/fetch" method="post" hx-post="/overview/fetch" hx-swap="outerHTML">
      <label for="fetch-targets">Magnet links or info hashes, one a line</label>
      <textarea id="fetch-targets" name="targets" rows={3} maxlength={65536} required aria-invalid={props.error ? 'true' : undefined}>
        {props.draft ?? ''}
      </textarea>
      {props.error ? (
        <p class="error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div class="want-actions">
        <button type="submit">Fetch</button>
        {props.asked ? (
          <span class="muted" role="status">
            Asked for {props.asked === 1 ? 'one torrent' : `${props.asked} torrents`}; see below.
          </span>
        ) : null}
      </div>
    </form>
  )
}

/** The requests' rows, newest first. */
export function FetchRows(props: { requests: FetchView[] | null }) {
  if (props.requests === null)
    return (
      <tr>
        <td colspan={4} class="muted">
          The fetches are unknown while the core is away.
        </td>
      </tr>
    )
  if (props.requests.length === 0)
    return (
      <tr>
        <td colspan={4} class="muted">
          Nothing asked for yet.
        </td>
      </tr>
    )
  return (
    <>
      {props.requests.map((request) => (
        <tr>
          <td>
            <TimeAgo iso={request.requestedAt} />
          </td>
          <td class="title">
            {request.state === 'found' ? (
              <a href={`/library/${request.infoHash}`}>{request.name ?? request.infoHash}</a>
            ) : (
              (request.name ?? <code>{request.infoHash}</code>)
            )}
          </td>
          <td>
            <span class={`tag ${STATE_TAGS[request.state].tone}`}>{STATE_TAGS[request.state].label}</span>
          </td>
          <td class="muted hide-narrow">{request.detail ?? ''}</td>
        </tr>
      ))}
    </>
  )
}

/** The fetches asked for, refilled every 5 s while the overview is open. */
export function FetchTable(props: { requests: FetchView[] | null }) {
  return (
    <div class="table-wrap">
      <table class="fetch-table">
        <caption class="visually-hidden">Fetches by hash or magnet, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Asked</th>
            <th scope="col">Torrent</th>
            <th scope="col">State</th>
            <th scope="col" class="hide-narrow">
              Last try
            </th>
          </tr>
        </thead>
        <tbody
          id={FETCH_ROWS_ID}
          hx-get="/overview/fetches"
          hx-trigger="every 5s, fetch-asked from:body"
          hx-swap="innerHTML"
          hx-sync="this:replace"
        >
          <FetchRows requests={props.requests} />
        </tbody>
      </table>
    </div>
  )
}
