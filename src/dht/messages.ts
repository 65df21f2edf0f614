import type { DhtConfig } from '../config'
import type { LogLevel } from '../log'
import type { TorrentMetainfo } from '../metainfo'
import type { CrawlStats } from './crawl-stats'

/** What the crawler worker needs from the main thread's config. */
export interface CrawlerSettings extends Omit<DhtConfig, 'enabled'> {
  databasePath: string
  clientName: string
  logLevel: LogLevel
}

export type CrawlerWarningCode = 'no_responses' | 'bind_failed'

export type ToCrawler =
  | { type: 'start'; settings: CrawlerSettings }
  /** Torrents someone searched for or grabbed: worth a fresh BEP 33 scrape. */
  | { type: 'scrape'; infoHashes: string[] }
  /** The log_level override changed: the thread's logger follows from its next line. */
  | { type: 'logLevel'; level: LogLevel }
  | { type: 'stop' }

export type FromCrawler =
  | { type: 'started'; port: number; nodeId: string; savedNodes: number }
  | { type: 'metainfo'; metainfo: TorrentMetainfo; seeders: number | null; leechers: number | null }
  | { type: 'swarm'; infoHash: string; seeders: number | null; leechers: number | null }
  | { type: 'stats'; stats: CrawlStats }
  | { type: 'warning'; code: CrawlerWarningCode; message: string }
  | { type: 'recovered' }
  | { type: 'stopped' }
