import { ActionStatus } from './action-status'
import type { SendTarget } from './library-selection'

/** Where a torrent page's Send says what it did. */
export const LIBRARY_SEND_STATUS_ID = 'library-send-status'

/** A torrent page's "Send to <name>", one button per download client, or the way to add one. */
export function LibrarySend(props: { infoHash: string; clients: SendTarget[] }) {
  const action = `/library/${props.infoHash}/send`
  return (
    <section aria-labelledby="library-send-heading">
      <h2 id="library-send-heading">Send to a download client</h2>
      {props.clients.length === 0 ? (
        <p class="muted">
          No download client is set up. <a href="/settings#download-clients">Add qBittorrent or Transmission in Settings</a>.
        </p>
      ) : (
        <form class="row-buttons" method="post" action={action}>
          {props.clients.map((client) => (
            <button
              type="submit"
              name="client_id"
              value={client.id}
              hx-post={action}
              hx-target={`#${LIBRARY_SEND_STATUS_ID}`}
              hx-swap="outerHTML"
            >
              Send to {client.name}
            </button>
          ))}
        </form>
      )}
      <ActionStatus id={LIBRARY_SEND_STATUS_ID} />
    </section>
  )
}
