import type { WantRegistration } from '../vocabulary'
import type { WantMatch } from './model'

/** Where the registered wants and their matches are kept. */
export interface WantsStore {
  listWants(): Promise<WantRegistration[]>
  /** The registered set becomes exactly `next`, at once; matches already recorded stay. */
  replaceWants(next: readonly WantRegistration[]): Promise<void>
  /** A want and torrent already matched are not matched again. */
  addMatches(matches: readonly { wantId: string; torrentId: number }[], matchedAt: string): Promise<void>
  /** Matches with an id above `afterId`, oldest first (ids only grow); a deleted torrent's are gone. */
  matchesAfter(afterId: number, limit: number): Promise<WantMatch[]>
  /** Told when another process replaced the set; a store one process writes never calls it. */
  onExternalChange(listener: () => void): () => void
}
