/** queued: waiting for the crawler's worker; searching: it is looking; then found or not_found. */
export type FetchState = 'queued' | 'searching' | 'found' | 'not_found'

export const OPEN_STATES: readonly FetchState[] = ['queued', 'searching']

/** A peer named in a magnet (`x.pe`). */
export interface PeerHint {
  host: string
  port: number
}

/** What one text (a magnet or a bare hash) asks to fetch. */
export interface FetchTarget {
  /** 40 lowercase hex. */
  infoHash: string
  /** The magnet's `dn`, shown until the torrent is indexed. */
  name: string | null
  peers: PeerHint[]
  /** The magnet's `tr`: kept and shown, not contacted (see README). */
  trackers: string[]
}

export interface FetchRequest {
  infoHash: string
  name: string | null
  state: FetchState
  /** How the last round went, or why it ended. */
  detail: string | null
  /** `host:port` of each x.pe peer. */
  peers: string[]
  trackers: string[]
  requestedAtMs: number
  updatedAtMs: number
  /** When it is marked not found if nothing turned up. */
  deadlineAtMs: number
}
