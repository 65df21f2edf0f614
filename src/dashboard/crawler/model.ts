import { t } from 'elysia'

/** The crawler as the core reports it (GraphQL `crawler`). */
export interface CrawlerState {
  enabled: boolean
  running: boolean
  /** crawling, paused (by an operator, or the storage cap) or off_hours (outside SERVICE_DHT_SCHEDULE). */
  mode: 'crawling' | 'paused' | 'off_hours'
  paused: boolean
  /** SERVICE_DHT_SCHEDULE, e.g. 01:00-07:00; null when it crawls around the clock. */
  schedule: string | null
  warning: { code: string; message: string; since: string } | null
}

/** A fetch by hash or magnet as the core lists it (GraphQL `fetchRequests`). */
export interface FetchRequestView {
  infoHash: string
  name: string | null
  state: 'queued' | 'searching' | 'found' | 'not_found'
  detail: string | null
  peers: string[]
  trackers: string[]
  requestedAt: string
  deadlineAt: string
}

export const CRAWLER_FIELDS = 'enabled running mode paused schedule warning { code message since }'
export const FETCH_FIELDS = 'infoHash name state detail peers trackers requestedAt deadlineAt'

/** The core takes 1-50 a request; a text is a magnet (8 KiB at most) or a hash. */
export const MAX_FETCH_TARGETS = 50

export const PausedBody = t.Object({ paused: t.Boolean({ error: 'paused must be true or false' }) })

export const FetchBody = t.Object({
  targets: t.Array(t.String({ minLength: 1, maxLength: 8192 }), {
    minItems: 1,
    maxItems: MAX_FETCH_TARGETS,
    error: `targets must be a list of 1 to ${MAX_FETCH_TARGETS} magnet URIs or info hashes`,
  }),
})

/** The overview's form: one magnet or hash a line (or separated by spaces). */
export function readFetchTargets(text: string): string[] {
  return text
    .split(/\s+/)
    .map((part) => part.trim())
    .filter(Boolean)
}
