/** Where the core admin key is kept, for every process sharing the index to agree on it. */
export interface AdminKeyStore {
  /** Keeps `candidate` when no key is kept yet (another process may have kept one first); returns the key kept. */
  keepFirst(candidate: { key: string; createdAt: string }): Promise<string>
}
