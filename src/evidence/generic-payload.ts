import { type GroundTruthLabel, normaliseImdbId } from '../classify'
import { CONTENT_TYPES, type ContentType } from '../vocabulary'
import { IntakeError } from './errors'
import { findInfoHash } from './find-info-hash'
import { CLIENT_KINDS, EVIDENCE_TYPES, type ClientKind, type EvidenceReport, type EvidenceType } from './model'
import { positiveIntAt, stringAt, type Json } from './read-fields'
import { normaliseTimestamp } from './timestamps'

/** What a successful import from each client kind holds; `other` says nothing. */
const CONTENT_OF_CLIENT: Record<ClientKind, ContentType | null> = {
  sonarr: 'tv_show',
  radarr: 'movie',
  lidarr: 'music',
  readarr: 'ebook',
  whisparr: 'xxx',
  other: null,
}

/**
 * The generic form (DESIGN 3.5) for anything that is not an *arr app:
 * `{info_hash, type: grab|download|import, result: success|failed, occurred_at, client}`, plus
 * optional `content_type`, `title`, `year`, `imdb_id`, `tmdb_id`, `tvdb_id`, `tvmaze_id` for the label.
 */
export function readGenericEvidence(payload: Json, instance: string, receivedAt: string, raw: string): EvidenceReport {
  const type = oneOf(stringAt(payload, 'type', ''), EVIDENCE_TYPES, 'type') as EvidenceType
  const result = oneOf(stringAt(payload, 'result', ''), ['success', 'failed'] as const, 'result')
  const client = oneOf(stringAt(payload, 'client', '') ?? 'other', CLIENT_KINDS, 'client') as ClientKind
  // A hex hash, a base32 one or a magnet link, read as a release field is.
  const infoHash = findInfoHash(null, [stringAt(payload, 'info_hash', '')])
  if (!infoHash) throw new IntakeError('info_hash must be a 40-hex info hash or a magnet link')
  const occurred =
    payload.occurred_at === undefined || payload.occurred_at === null ? receivedAt : normaliseTimestamp(payload.occurred_at, 'occurred_at')
  const contentType = stringAt(payload, 'content_type', '')
  if (contentType !== null && !(CONTENT_TYPES as readonly string[]).includes(contentType))
    throw new IntakeError(`content_type must be one of ${CONTENT_TYPES.join(', ')}`)
  const labelled = (contentType as ContentType | null) ?? CONTENT_OF_CLIENT[client]
  const label: GroundTruthLabel | null =
    type !== 'grab' && result === 'success' && labelled
      ? {
          contentType: labelled,
          title: stringAt(payload, 'title', ''),
          year: positiveIntAt(payload, 'year', ''),
          seasons: [],
          episodes: [],
          imdb: normaliseImdbId(stringAt(payload, 'imdb_id', '') ?? ''),
          tmdb: positiveIntAt(payload, 'tmdb_id', ''),
          tvdb: positiveIntAt(payload, 'tvdb_id', ''),
          tvmaze: positiveIntAt(payload, 'tvmaze_id', ''),
        }
      : null
  return { instance, client, event: `generic:${type}`, type, result, infoHash, occurredAt: occurred, receivedAt, label, payload: raw }
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], field: string): T {
  if (value === null || !(allowed as readonly string[]).includes(value))
    throw new IntakeError(`${field} must be one of ${allowed.join(', ')}`)
  return value as T
}
