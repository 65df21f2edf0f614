import type { FileRow, TorrentDetailsStore } from './store-port'

/** A read per key that waits for the other keys asked in the same turn, and goes to the store once for them all. */
function batched<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  const asked = new Map<K, Promise<V | undefined>>()
  let waiting: K[] = []
  let batch: Promise<Map<K, V>> | null = null
  return (key) => {
    const known = asked.get(key)
    if (known) return known
    // Sent after this turn's microtasks: graphql-js asks for every item of a list before any answer comes back.
    batch ??= new Promise<Map<K, V>>((resolve, reject) =>
      setImmediate(() => {
        const keys = waiting
        waiting = []
        batch = null
        load(keys).then(resolve, reject)
      }),
    )
    waiting.push(key)
    const value = batch.then((found) => found.get(key))
    asked.set(key, value)
    return value
  }
}

/**
 * The details of one page of search items that the stored row holds and the search item does
 * not: each kind read for the whole page in one call to the store, however many items ask.
 * Built per page (per GraphQL search field), so nothing outlives the request.
 */
export function createPageDetails(store: TorrentDetailsStore) {
  return {
    times: batched((infoHashes: string[]) => store.times(infoHashes)),
    explanations: batched((infoHashes: string[]) => store.explanations(infoHashes)),
    sources: batched((torrentIds: number[]) => store.sources(torrentIds)),
    tags: batched((torrentIds: number[]) => store.tags(torrentIds)),
    fileTypes: batched((torrentIds: number[]) => store.fileTypes(torrentIds)),
    listedFiles: batched((torrentIds: number[]) => store.listedFiles(torrentIds)),
    /** One torrent's files, its stored list whole. */
    files: (infoHash: string): Promise<FileRow[]> =>
      store
        .files({ infoHashes: [infoHash], order: { column: 'fileIndex', descending: false }, limit: 10_000, offset: 0, countTotal: false })
        .then((page) => page.items),
  }
}

export type PageDetails = ReturnType<typeof createPageDetails>
