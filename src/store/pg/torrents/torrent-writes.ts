import type { SQL } from 'bun'
import type { Classification } from '../../../classify'
import type { WritePolicies } from '../../../ingest'
import type { RerankStore, TorrentWrites } from '../../../torrents'
import { int, pgCall } from '../pools'
import { storeClassifications } from './classification-writes'
import { createPgIngestWriter } from './ingest-writer'
import { createPgReclassifyPages } from './reclassify-pages'
import type { SearchPartitions } from './search-partitions'
import type { SourceIds } from './torrent-rows'

/**
 * The writers that classify (ingest, re-classification, the rerank) with one set of policies, so
 * a torrent is classified and persisted (or deleted and blocked) the same way whoever asks.
 */
export function createPgTorrentWrites(
  primary: SQL,
  policies: WritePolicies,
  deps: { partitions: SearchPartitions; sources: SourceIds },
): TorrentWrites {
  return {
    ingest: createPgIngestWriter(primary, policies, deps),
    reclassify: createPgReclassifyPages(primary, policies),
    rerank: createPgRerank(primary),
  }
}

function createPgRerank(primary: SQL): RerankStore {
  const replaceIfUnchanged = (torrentId: number, classifiedAt: number, classification: Classification, nowSeconds: number) =>
    primary.begin(async (tx) => {
      const [stored] = await tx`SELECT c.classified_at, c.status, c.categories, t.name, t.published_at
        FROM torrent_classifications c JOIN torrents t ON t.id = c.torrent_id WHERE c.torrent_id = ${torrentId} FOR UPDATE OF c`
      if (!stored || int(stored.classified_at) !== classifiedAt || stored.status !== 'pending') return false
      await storeClassifications(
        tx,
        [{ torrentId, classification, name: stored.name, publishedAt: int(stored.published_at), categoriesBefore: stored.categories }],
        nowSeconds,
      )
      return true
    })
  return { replaceIfUnchanged: pgCall(replaceIfUnchanged) }
}
