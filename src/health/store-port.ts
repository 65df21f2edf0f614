/** What the health check asks of storage: whether each part the core depends on answers a read. */
export interface HealthStore {
  /** Per part, null when it answers, else the engine's message: the database at all, the index tables, the queue. */
  probe(): Promise<{ db: string | null; torrent: string | null; queue: string | null }>
}
