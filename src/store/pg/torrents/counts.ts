import type { SQL } from 'bun'
import type { TorrentCountsStore } from '../../../torrents'
import { int, intOrNull, pgCall } from '../pools'

/** The counters the triggers keep (torrent_counts) and two single-seek reads of the torrents' times. */
export function createPgTorrentCountsStore(primary: SQL): TorrentCountsStore {
  return {
    countsByContentType: pgCall(async () =>
      (await primary`SELECT content_type, torrents FROM torrent_counts`).map((row: { content_type: string; torrents: unknown }) => ({
        contentType: row.content_type,
        count: int(row.torrents),
      })),
    ),
    // The newest first sighting among the `dht` source rows: the partial index on source_id = 1.
    lastCrawledAt: pgCall(async () =>
      intOrNull((await primary`SELECT max(published_at) AS at FROM torrent_sources WHERE source_id = 1`)[0].at),
    ),
    oldestSwarmCheckAt: pgCall(async () =>
      intOrNull((await primary`SELECT min(swarm_checked_at) AS at FROM torrents WHERE swarm_checked_at > 0`)[0].at),
    ),
  }
}
