import type { FetchRequest } from './model'

/** Where fetch requests are kept, and which hashes the index holds already. */
export interface FetchRequestStore {
  /** Adds the request, or replaces the one kept for its hash. */
  save(request: FetchRequest): Promise<void>
  get(infoHash: string): Promise<FetchRequest | null>
  /** Newest first. */
  list(limit: number): Promise<FetchRequest[]>
  /** The requests still queued or searching. */
  listOpen(): Promise<FetchRequest[]>
  /** Which of these hashes the index holds. */
  indexed(infoHashes: readonly string[]): Promise<Set<string>>
  /**
   * Moves an open (queued or searching) request to `change` at `nowMs`, in one statement, and
   * returns it as it now is; null when none is open for the hash (a closed one does not move).
   */
  transition(infoHash: string, change: Pick<FetchRequest, 'state' | 'detail'>, nowMs: number): Promise<FetchRequest | null>
  /** Told when another process saved a request (an `api` process, for the crawler processes); a store one process writes never calls it. */
  onExternalChange(listener: () => void): () => void
}
