/** One torrent to hand to a client. */
export interface TorrentToAdd {
  infoHash: string
  magnet: string
}

/** What the dashboard does with a download client, whatever its kind (each kind's adapter implements it). */
export interface DownloadClientApi {
  /** The client's own version string, as its version call answers it ("v4.5.2", "3.00 (bb6b5a062e)"). */
  version(): Promise<string>
  /**
   * Hands the magnets to the client under `category` (null: the client's default). A refused
   * sign-in or an unreachable client throws (ClientAnswerError, OutboundCallError); a torrent the
   * client will not take is left out of `taken`, with the client's reason.
   */
  add(torrents: TorrentToAdd[], category: string | null): Promise<AddOutcome>
}

export interface AddOutcome {
  /** The info hashes among those sent that the client has afterwards: added now, or there already. */
  taken: string[]
  /** Why the others are not there, in words that follow the client's name; null when all were taken. */
  refusal: string | null
}

/** A client's address and credentials as stored. */
export interface ClientAccess {
  url: string
  username: string | null
  password: string | null
}

export interface CallOptions {
  timeoutMs: number
  /** Aborts a call under way (the dashboard is stopping). */
  signal?: AbortSignal
}
