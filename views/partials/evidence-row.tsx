import { TimeAgo } from './time-ago'

/** An evidence report as its row shows it. */
export interface EvidenceEventView {
  info_hash: string | null
  /** The client kind (sonarr, radarr, ...): the row's source badge. */
  source: string
  instance: string
  type: string
  result: string
  occurred_at: string
  /** The webhook's body as received; the row reads the release's title from it. */
  payload: unknown
}

/** The client kinds with a badge of their own colour; anything else is "other". */
const CLIENTS = new Set(['sonarr', 'radarr', 'lidarr', 'readarr', 'whisparr'])

const RESULT_TAGS: Record<string, string> = { success: 'ok', failed: 'bad', duplicate: '' }

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined

/**
 * The title the client gave the release, when its webhook said: the generic form's `title`, the
 * *arr apps' release title, or their movie/series/album/book title.
 */
export function evidenceTitle(payload: unknown): string | null {
  const candidates = [
    field(payload, 'title'),
    field(field(payload, 'release'), 'releaseTitle'),
    field(field(payload, 'movie'), 'title'),
    field(field(payload, 'series'), 'title'),
    field(field(payload, 'album'), 'title'),
    field(field(payload, 'book'), 'title'),
  ]
  const found = candidates.find((candidate) => typeof candidate === 'string' && candidate.trim() !== '')
  return typeof found === 'string' ? found : null
}

export function ClientBadge(props: { client: string; instance: string }) {
  const kind = CLIENTS.has(props.client) ? props.client : 'other'
  return (
    <span class={`client client-${kind}`} title={props.instance === props.client ? undefined : `instance ${props.instance}`}>
      {props.client}
    </span>
  )
}

/** One evidence report: time, client badge, torrent, type, result (spec 2.1). */
export function EvidenceRow(props: { event: EvidenceEventView }) {
  const { event } = props
  const title = evidenceTitle(event.payload)
  return (
    <tr>
      <td class="ev-time">
        <TimeAgo iso={event.occurred_at} />
      </td>
      <td class="ev-client">
        <ClientBadge client={event.source} instance={event.instance} />
      </td>
      <td class="title ev-title">
        {event.info_hash ? (
          <a href={`/library/${event.info_hash}`}>{title ?? <span class="mono">{event.info_hash}</span>}</a>
        ) : (
          (title ?? <span class="muted">no torrent named</span>)
        )}
      </td>
      <td class="ev-type">{event.type}</td>
      <td class="ev-result">
        <span class={`tag ${RESULT_TAGS[event.result] ?? ''}`}>{event.result}</span>
      </td>
    </tr>
  )
}
