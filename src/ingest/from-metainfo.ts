import type { TorrentMetainfo } from '../metainfo'
import type { IngestItem } from './model'

/** A verified info dict becomes an ingest item with a known file list. */
export function ingestItemFromMetainfo(
  metainfo: TorrentMetainfo,
  source: string,
  extra: Partial<Pick<IngestItem, 'publishedAt' | 'seeders' | 'leechers' | 'isSwarmCheck'>> = {},
): IngestItem {
  return {
    ...metainfo,
    source,
    publishedAt: extra.publishedAt ?? null,
    seeders: extra.seeders ?? null,
    leechers: extra.leechers ?? null,
    isSwarmCheck: extra.isSwarmCheck ?? false,
  }
}
