import type { DatabaseHandle } from '../db'
import { schema } from '../db'
import type { ContentTypeCount } from '../vocabulary'

const { torrentCounts } = schema

/**
 * The number of torrents, in all and per content type, from the counts the triggers of migration
 * 0018 keep in the same transaction as every write: a dozen rows read, exact, whatever the size
 * of the index.
 */
export function createTorrentCounts(db: DatabaseHandle) {
  // Not a prepared statement: one of a closed database answers no rows instead of throwing.
  const read = () => db.orm.select({ contentType: torrentCounts.contentType, count: torrentCounts.torrents }).from(torrentCounts).all()
  return {
    /** Content types with at least one torrent, `unknown` included; the largest first. */
    byContentType(): ContentTypeCount[] {
      return read()
        .filter((row) => row.count > 0)
        .sort((a, b) => b.count - a.count || a.contentType.localeCompare(b.contentType))
    },
    /** Torrents in the index; null while the database cannot be read (the status page says so). */
    total(): number | null {
      try {
        return read().reduce((sum, row) => sum + row.count, 0)
      } catch {
        return null
      }
    },
  }
}
