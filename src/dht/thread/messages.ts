import type { DhtConfig } from '../../config'
import type { LogLevel } from '../../log'
import type { MetainfoLimits, TorrentMetainfo } from '../../metainfo'
import type { PeerAddress } from '../protocol/compact'
import type { CrawlStats } from '../crawl/crawl-stats'

/** What the crawler worker needs from the main thread's config. */
export interface CrawlerSettings extends Omit<DhtConfig, 'enabled'> {
  clientName: string
  logLevel: LogLevel
  /** What of a fetched torrent is kept (SERVICE_MAX_*). */
  limits: MetainfoLimits
}

/** storage_full is the host's own: the storage cap found nothing more to evict. */
export type CrawlerWarningCode = 'no_responses' | 'bind_failed' | 'storage_full'

/** A fetch asked for by hash or magnet: the hash, and the peers the magnet named (`x.pe`). */
export interface FetchOrder {
  infoHash: string
  peers: PeerAddress[]
}

/**
 * What the crawler thread opens its own readers of the index from: plain data of the store's
 * (`Spec`), which the thread's entry hands to the store. dueSwarms is null when the re-check is off.
 */
export interface CrawlerReaderSpecs<Spec> {
  knownHashes: Spec
  dueSwarms: Spec | null
}

export type ToCrawler<Spec = unknown> =
  /** `crawling` false: paused or outside the schedule; the fetches asked for still run. */
  | { type: 'start'; settings: CrawlerSettings; readers: CrawlerReaderSpecs<Spec>; crawling: boolean; fetches: FetchOrder[] }
  /** Walk and fetch what the DHT offers, or stop sending queries but for the fetches asked for. */
  | { type: 'crawling'; crawling: boolean }
  | { type: 'fetch'; order: FetchOrder }
  /** Found (by any path) or given up on: stop looking. */
  | { type: 'cancelFetch'; infoHash: string }
  /** Torrents someone searched for or grabbed: worth a fresh BEP 33 scrape. */
  | { type: 'scrape'; infoHashes: string[] }
  /** The log_level override changed: the thread's logger follows from its next line. */
  | { type: 'logLevel'; level: LogLevel }
  | { type: 'stop' }

export type FromCrawler =
  | { type: 'started'; port: number; nodeId: string; savedNodes: number }
  /** `requested`: the answer to a fetch asked for, not a find of the crawl. */
  | { type: 'metainfo'; metainfo: TorrentMetainfo; seeders: number | null; leechers: number | null; requested: boolean }
  /** A round of a fetch asked for ended without metadata; `detail` says how far it got. */
  | { type: 'fetchAttempt'; infoHash: string; detail: string }
  /** A swarm check the DHT answered (searched for, grabbed or due): counts null where no node sent a filter. */
  | { type: 'swarm'; infoHash: string; seeders: number | null; leechers: number | null }
  | { type: 'stats'; stats: CrawlStats }
  | { type: 'warning'; code: CrawlerWarningCode; message: string }
  | { type: 'recovered' }
  | { type: 'stopped' }
