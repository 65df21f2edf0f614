/** A torrent matched to a want (GraphQL WantMatch). */
export interface WantMatch {
  id: number
  wantId: string
  /** 40 hex. */
  infoHash: string
  /** The torrent's release name. */
  title: string
  /** RFC 3339. */
  matchedAt: string
}
