import type { Classification, ClassifyOutcome } from '../classify'
import type { TorrentFile } from '../metainfo'

/** One torrent as any producer (import, crawler) hands it to the ingest pipeline. */
export interface IngestItem {
  infoHash: string
  infoHashV2: string | null
  name: string
  sizeBytes: number
  isPrivate: boolean
  /** null when the producer does not know the file list (an import line without files). */
  files: TorrentFile[] | null
  /** Every file of the torrent, when more than `files` lists (the list was cut at its limit). */
  filesCount?: number
  /** Source key: `dht`, `import`, or a dump's own name. */
  source: string
  /** Unix seconds when the source published it; null means "now". */
  publishedAt: number | null
  seeders: number | null
  leechers: number | null
  /**
   * The classifier's verdict made off the writer's thread (an import's line workers) for the
   * torrent as a new one: no operator tags, no ground-truth label. The writer uses it only when
   * that holds, and classifies the torrent itself otherwise.
   */
  preclassified?: ClassifyOutcome
}

/** Seeders and leechers of a stored torrent, from a DHT scrape (BEP 33). */
export interface SwarmUpdate {
  infoHash: string
  seeders: number | null
  leechers: number | null
}

/**
 * `imported`: a torrent new to the index; `updated`: one it already held; `deleted`: a
 * classification rule deleted it (banned content), or had before; `blocked`: an operator deleted
 * it from the index before. Neither of the last two is stored.
 */
export type WriteOutcome = 'imported' | 'updated' | 'deleted' | 'blocked'

/** Why a torrent was not stored, in words for whoever sent it (an import's rejection, a fetch asked for). */
export const NOT_STORED_REASONS = {
  deleted: 'deleted by a classification rule (banned content)',
  blocked: 'blocked by an operator: it was deleted from the index and is not taken back',
} as const satisfies Record<Exclude<WriteOutcome, 'imported' | 'updated'>, string>

/** Lets a producer learn what became of each item once its batch is committed. */
export interface Receipt {
  /** Where the item came from (file and line), for error reports. */
  origin?: string
  settle(outcome: WriteOutcome | Error): void
}

/** A torrent the writer classified, handed on once its batch is committed. */
export interface ClassifiedItem {
  torrentId: number
  /** Unix seconds; the stored classification's `classified_at`. */
  classifiedAt: number
  item: IngestItem
  classification: Classification
}

export interface BatchResult {
  /** One per item, in order. */
  outcomes: WriteOutcome[]
  /** Every torrent (re)classified in the batch, for what runs after the commit. */
  classified: ClassifiedItem[]
}

/** Where the pipeline writes: the torrent store's writer, whose batches are all-or-nothing. */
export interface IngestWriter {
  /** Writes a batch in one transaction: all of it lands, or none of it. */
  writeBatch(items: IngestItem[], nowSeconds: number): BatchResult
  /** Fresh swarm counts for torrents already stored; unknown hashes are skipped. */
  updateSwarms(updates: SwarmUpdate[], nowSeconds: number): void
}
