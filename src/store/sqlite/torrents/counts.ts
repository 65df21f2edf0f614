import type { TorrentCountsStore } from '../../../torrents'
import type { DatabaseHandle } from '../open-database'
import { asPortMethods } from '../port-call'
import * as schema from '../schema'

const { torrentCounts } = schema

/** The counters of migration 0018 and two single-seek reads of the torrents' times. */
export function createSqliteTorrentCountsStore(db: DatabaseHandle): TorrentCountsStore {
  return asPortMethods({
    // Not a prepared statement: one of a closed database answers no rows instead of throwing.
    countsByContentType: () =>
      db.orm.select({ contentType: torrentCounts.contentType, count: torrentCounts.torrents }).from(torrentCounts).all(),
    // The newest first sighting among the `dht` source rows. The literal source id lets SQLite use
    // the partial index of migration 0023 (a bound parameter would not), so this is one seek at any size.
    lastCrawledAt: (): number | null =>
      db.sqlite.query<{ at: number | null }, []>('SELECT max(published_at) AS at FROM torrent_sources WHERE source_id = 1').get()?.at ??
      null,
    // One seek of the index of 0045.
    oldestSwarmCheckAt: (): number | null =>
      db.sqlite.query<{ at: number | null }, []>('SELECT min(swarm_checked_at) AS at FROM torrents WHERE swarm_checked_at > 0').get()?.at ??
      null,
  })
}
