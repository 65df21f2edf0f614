import type { SearchStore } from '../search'

/** A search thread's own view of the index. */
export interface SearchReader extends SearchStore {
  /** Gives back the memory a burst of searches left behind (the thread is idle). */
  trimIdle(): void
  close(): Promise<void>
}
