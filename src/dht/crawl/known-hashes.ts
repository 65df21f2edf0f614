import { SeenFilter } from './seen-filter'
import type { KnownHashesReader } from '../store-port'

const LOAD_CHUNK = 20_000

/**
 * Which info hashes the index already holds (or has blocked or evicted), as the crawler's thread
 * sees them: a fixed-size Bloom filter filled from the thread's own reader, so the question costs
 * no store call for a new hash, and the filter's maybes are confirmed with the store in batches.
 * Rows the main thread writes later (imports, our own fetches) are picked up by `catchUp`.
 */
export async function loadKnownHashes(reader: KnownHashesReader, filterBytes: number) {
  const filter = new SeenFilter(filterBytes)
  // Torrents the storage cap evicted stay skipped: the filter holds a key made of the 8 bytes it
  // reads (SeenFilter seeds), loaded once; a later eviction takes a torrent the filter already holds.
  const prefixKey = new Uint8Array(8)
  const prefixView = new DataView(prefixKey.buffer)
  for (const prefix of await reader.evictedPrefixes()) {
    prefixView.setBigInt64(0, prefix)
    filter.add(prefixKey)
  }
  let lastId = 0
  let catchingUp: Promise<number> | null = null

  const readNewRows = async (): Promise<number> => {
    let added = 0
    for (;;) {
      const page = await reader.hashesAfter(lastId, LOAD_CHUNK)
      for (const hash of page.hashes) filter.add(hash)
      lastId = page.lastId
      added += page.hashes.length
      if (page.hashes.length < LOAD_CHUNK) break
    }
    for (const hash of await reader.blockedHashes()) filter.add(hash)
    return added
  }

  return {
    /**
     * Adds rows written since the last call, a chunk at a time; resolves to how many it added. A call
     * while one runs joins it, so a timer never starts a second pass over the same rows.
     */
    catchUp(): Promise<number> {
      catchingUp ??= readNewRows().finally(() => {
        catchingUp = null
      })
      return catchingUp
    },
    /** False: the index does not hold it, for certain. True: it may; `whichKnown` tells. */
    mightHave: (hash: Uint8Array): boolean => filter.mightHave(hash),
    /** For each hash: whether the index holds, blocked or evicted it; only the filter's maybes are asked of the store. */
    async whichKnown(hashes: readonly Uint8Array[]): Promise<boolean[]> {
      const maybe = hashes.map((hash) => filter.mightHave(hash))
      const maybes = hashes.filter((_, i) => maybe[i])
      const confirmed = maybes.length ? await reader.whichKnown(maybes) : []
      let next = 0
      return maybe.map((isMaybe) => isMaybe && confirmed[next++]!)
    },
    close: (): Promise<void> => reader.close(),
  }
}

export type KnownHashes = Awaited<ReturnType<typeof loadKnownHashes>>
