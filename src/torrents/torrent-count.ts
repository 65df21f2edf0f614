import type { ContentTypeCount } from '../vocabulary'
import type { TorrentCountsStore } from './store-port'

/**
 * The number of torrents, in all and per content type, from the counters the index keeps in the
 * same transaction as every write: a dozen rows read, exact, whatever the size of the index.
 */
export function createTorrentCounts(store: TorrentCountsStore) {
  return {
    /** Content types with at least one torrent, `unknown` included; the largest first. */
    async byContentType(): Promise<ContentTypeCount[]> {
      return (await store.countsByContentType())
        .filter((row) => row.count > 0)
        .sort((a, b) => b.count - a.count || a.contentType.localeCompare(b.contentType))
    },
    /** Torrents in the index; null while the database cannot be read (the status page says so). */
    async total(): Promise<number | null> {
      try {
        return (await store.countsByContentType()).reduce((sum, row) => sum + row.count, 0)
      } catch {
        return null
      }
    },
  }
}
