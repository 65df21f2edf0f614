import { EvidenceRow, type EvidenceEventView } from './evidence-row'

/** The evidence table's body, the element live updates refill. */
export function EvidenceRows(props: { events: EvidenceEventView[] }) {
  if (props.events.length === 0)
    return (
      <tr>
        <td colspan={5} class="muted">
          No evidence yet. It arrives when Sonarr, Radarr or another client reports a grab, download or import (see Setup).
        </td>
      </tr>
    )
  return (
    <>
      {props.events.map((event) => (
        <EvidenceRow event={event} />
      ))}
    </>
  )
}

export interface EvidenceTableProps {
  events: EvidenceEventView[]
  /** The table's accessible name. */
  caption: string
  /** When set, the body is refetched from this URL on each `evidence` event (or every 10 s without the stream). */
  liveUrl?: string
  /** The body's id, so two live tables never share one. */
  bodyId: string
}

/** Evidence reports as a table; the body refills itself from `liveUrl` when the page is live. */
export function EvidenceTable(props: EvidenceTableProps) {
  const live = props.liveUrl
    ? { 'hx-get': props.liveUrl, 'hx-trigger': 'sse:evidence delay:300ms, every 10s', 'hx-swap': 'innerHTML', 'hx-sync': 'this:replace' }
    : {}
  return (
    <div class="table-wrap">
      <table class="evidence-table">
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Client</th>
            <th scope="col">Torrent</th>
            <th scope="col">Type</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody id={props.bodyId} aria-live={props.liveUrl ? 'polite' : undefined} {...live}>
          <EvidenceRows events={props.events} />
        </tbody>
      </table>
    </div>
  )
}
