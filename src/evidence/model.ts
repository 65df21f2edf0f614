import { t } from 'elysia'
import type { GroundTruthLabel } from '../classify'

export const CLIENT_KINDS = ['sonarr', 'radarr', 'lidarr', 'readarr', 'whisparr', 'other'] as const
export type ClientKind = (typeof CLIENT_KINDS)[number]

export const EVIDENCE_TYPES = ['grab', 'download', 'import'] as const
export type EvidenceType = (typeof EVIDENCE_TYPES)[number]

export type EvidenceResult = 'success' | 'failed' | 'duplicate'

/** One webhook, normalised: what the queue job carries and the processor records. */
export interface EvidenceReport {
  instance: string
  client: ClientKind
  /** The client's own event name (Grab, Download, ImportFailure...), kept for the record. */
  event: string
  type: EvidenceType
  result: 'success' | 'failed'
  /** 40 lowercase hex; null when the report names no torrent (a usenet download). */
  infoHash: string | null
  /** UTC RFC 3339. */
  occurredAt: string
  receivedAt: string
  /** Only for a successful download or import from a client whose kind says what it holds. */
  label: GroundTruthLabel | null
  payload: string
}

/** A stored evidence row, as GraphQL and the dashboard read it. */
export interface EvidenceRecord {
  id: number
  infoHash: string | null
  instance: string
  client: ClientKind
  event: string
  type: EvidenceType
  result: EvidenceResult
  occurredAt: string
  receivedAt: string
  /** The body kept for inspection; empty for a duplicate and once pruned. */
  payload: string
  /** The report a duplicate repeats; null otherwise. */
  duplicateOf: number | null
}

export const WEBHOOK_BATCH_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookBatchStatus = (typeof WEBHOOK_BATCH_STATUSES)[number]

/** An outbound webhook batch as an operator sees it. */
export interface WebhookBatchSummary {
  batchId: string
  status: WebhookBatchStatus
  items: number
  attempts: number
  createdAt: string
  finishedAt: string | null
}

/** An outbound batch as its delivery reads it: the torrent ids it spans (both included). */
export interface BatchRow {
  batchId: string
  firstTorrentId: number
  lastTorrentId: number
  status: WebhookBatchStatus
  attempts: number
}

/** One classified torrent of an outbound batch. */
export interface OutboxItem {
  infoHash: string
  /** The classified title, else the torrent's name. */
  title: string
  contentType: string
  categories: number[]
  confidence: number
  sizeBytes: number
  /** Unix seconds. */
  publishedAt: number
}

/** A webhook that is not evidence: the client's connection test, or an event we do not use. */
export interface NotEvidence {
  ignored: true
  event: string
  reason: string
}

/** An instance's name in the webhook path: 1-64 letters, digits, dots, dashes or underscores. */
export const INSTANCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
export const INSTANCE_NAME_RULE = 'the instance name in the path must be 1-64 letters, digits, dots, dashes or underscores'

/** `POST /evidence/arr/:instance`. The body is read by readEvidenceReport, which names every fault. */
export const EvidenceWebhookParams = t.Object({ instance: t.String({ pattern: INSTANCE_NAME.source, error: INSTANCE_NAME_RULE }) })
