import type { NewJob } from '../queue'
import type { BatchRow, EvidenceRecord, EvidenceReport, EvidenceResult, OutboxItem, WebhookBatchStatus, WebhookBatchSummary } from './model'
import type { EvidenceEffect } from './score'

/** Where the *arr reports are kept, with what each did to its torrent. */
export interface EvidenceStore {
  /**
   * One transaction: finds the report this one repeats (the same client kind, type and torrent,
   * received within `duplicateWindowMs` before it, not itself a duplicate) and records this one,
   * a duplicate pointing at it and keeping no body. Unless it is a duplicate or names no torrent,
   * `effect` is applied: the torrent's grabs and evidence score move (nothing for a torrent not
   * indexed yet: the ingest's catch-up scores it on arrival) and its label becomes the ground
   * truth, labelled by the report's instance at `labelledAt` (Unix seconds), waiting for the torrent
   * when it is not indexed yet. Returns the result recorded.
   */
  record(
    report: EvidenceReport,
    effect: EvidenceEffect,
    options: { duplicateWindowMs: number; labelledAt: number },
  ): Promise<EvidenceResult>
  /** Newest first (by received time, then id); for one torrent when `infoHash` is given. */
  list(options: { infoHash?: string; limit: number; offset: number }): Promise<{ total: number; items: EvidenceRecord[] }>
  /** Reports recorded, duplicates included. */
  countAll(): Promise<number>
  /** Bytes of the bodies the reports keep. */
  payloadBytes(): Promise<number>
  /**
   * Empties the bodies of up to `limit` reports that still keep one, the oldest first (received
   * before `before`, when given), leaving their facts; returns how many.
   */
  prunePayloads(limit: number, before?: string): Promise<number>
  /** Outbound webhook batches, newest first, of one status when given. */
  listWebhookBatches(options: { status?: WebhookBatchStatus; limit: number }): Promise<WebhookBatchSummary[]>
}

/**
 * The outbound webhook's outbox: a cursor (the last torrent id put into a batch) and one row per
 * batch, kept with the index so nothing is lost across a restart.
 */
export interface OutboxStore {
  /** On a first start (no cursor yet), the cursor is set at the newest torrent: the history is not sent. */
  startAtEnd(): Promise<void>
  /**
   * One transaction: the next `size` classified torrents after the cursor (fewer only with
   * `partial`) become batch `batchId`, the cursor moves past them, and `job` joins the queue, all
   * at `nowMs`. False when there was nothing to cut.
   */
  cutBatch(size: number, partial: boolean, batch: { batchId: string; nowMs: number; job: NewJob }): Promise<boolean>
  find(batchId: string): Promise<BatchRow | null>
  /** The classified torrents a batch spans, oldest first. */
  itemsOf(batch: BatchRow): Promise<OutboxItem[]>
  /** Counts one more delivery attempt, with its error (null when it was delivered). */
  noteAttempt(batchId: string, error: string | null): Promise<void>
  finish(batchId: string, status: 'delivered' | 'failed', finishedAt: string): Promise<void>
}
