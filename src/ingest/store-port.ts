import type { ClassifyOutcome, GroundTruthLabel } from '../classify'
import type { EvidenceTally } from '../evidence'
import type { TorrentFile } from '../metainfo'
import type { BatchResult, IngestItem, SwarmUpdate } from './model'

/** Where the pipeline writes: the single writer of torrents and what hangs off them. */
export interface IngestStore {
  /**
   * Writes a batch in one transaction: all of it lands, or none (SERVICE_INGEST_BATCH_SIZE means
   * this on every engine). Outcomes are one per item in order, a hash named twice included
   * (`imported`, then `updated`).
   */
  writeBatch(items: readonly IngestItem[], nowSeconds: number): Promise<BatchResult>
  /** Fresh swarm counts of stored torrents, with the check's time; unknown hashes are skipped. One transaction. */
  updateSwarms(updates: readonly SwarmUpdate[], nowSeconds: number): Promise<void>
}

/**
 * The decisions the writer needs inside its transaction. Pure and synchronous: the store calls
 * them while its transaction is open, so they do no I/O and never await.
 */
export interface WritePolicies {
  classify(subject: ClassifySubject): ClassifyOutcome
  /** A torrent's grabs and evidence score from the reports recorded before it arrived. */
  scoreEvidence(tallies: readonly EvidenceTally[]): { grabs: number; score: number }
}

/** A torrent as the classification policy sees it while it is written (or re-classified). */
export interface ClassifySubject {
  name: string
  sizeBytes: number
  files: TorrentFile[] | null
  /** Operator tags of a stored torrent; [] for a row inserted in this batch. */
  operatorTags: string[]
  /** Its ground-truth label; looked up only while any label exists. */
  label: GroundTruthLabel | null
  /** Whether any label exists in the index (the line workers' verdict is valid only without). */
  labelsExist: boolean
  isNewRow: boolean
  /** The verdict made off the writer's thread for the torrent as a new one (an import's line workers). */
  preclassified?: ClassifyOutcome
}
