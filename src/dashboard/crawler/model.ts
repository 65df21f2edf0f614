import { t } from 'elysia'

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
