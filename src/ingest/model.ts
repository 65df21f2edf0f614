import type { Classification, ClassifyOutcome, GroundTruthLabel } from '../classify'
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
  /** The counts are a BEP 33 check the crawler made just now, not a source's own figures: their check time is stored. */
  isSwarmCheck?: boolean
  /**
   * The classifier's verdict made off the writer's thread (an import's line workers) for the
   * torrent as a new one: no operator tags, no ground-truth label. The writer uses it only when
   * that holds, and classifies the torrent itself otherwise.
   */
  preclassified?: ClassifyOutcome
  /** What an export line brings beyond the torrent itself (another index's knowledge of it). */
  carried?: CarriedFacts
}

/**
 * What another index knew of a torrent, carried by its export line (src/importer/carried-fields.ts
 * checks each field). None of it can take away what this index holds: a label applies only where
 * this index has none for the hash, tags are added to the operator's, grabs only ever rise.
 */
export interface CarriedFacts {
  /** A v2-only torrent's v2 hash: kept for a torrent the line brings, never added to one stored. */
  infoHashV2: string | null
  label: CarriedLabel | null
  /** Operator tags (lowercase words joined by dashes). */
  tags: string[]
  grabs: number
}

/** A ground-truth label as the exporting index held it: who confirmed it, and when (Unix seconds). */
export interface CarriedLabel extends GroundTruthLabel {
  labelledBy: string
  labelledAt: number
}

/** Seeders and leechers of a stored torrent from a DHT check (BEP 33), null where no node sent a filter; stored with the check's time. */
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
