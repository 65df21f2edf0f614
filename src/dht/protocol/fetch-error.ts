/** Why a metadata fetch from one peer failed; the label of `service_dht_metadata_failed_total`. */
export type FetchFailure =
  | 'connect'
  | 'timeout'
  | 'handshake'
  | 'no_metadata'
  | 'too_large'
  | 'bad_piece'
  | 'hash_mismatch'
  | 'bad_metainfo'
  | 'flood'
  | 'closed'
  | 'no_peers'

export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message)
  }
}
