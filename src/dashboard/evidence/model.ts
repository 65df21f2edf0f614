import { t } from 'elysia'

/** An evidence event (spec 2.1) plus the fields the UI shows: type, result, client and instance. */
export interface EvidenceEvent {
  id: string
  info_hash: string | null
  /** The client kind (sonarr, radarr, lidarr, readarr, whisparr, other): the UI's source badge. */
  source: string
  instance: string
  type: string
  result: string
  occurred_at: string
  recorded_at: string
  payload: unknown
}

/** One report as the core's GraphQL gives it. */
export interface CoreEvidence {
  id: string
  infoHash: string | null
  instance: string
  client: string
  type: string
  result: string
  occurredAt: string
  receivedAt: string
  payload: string
}

export const CORE_EVIDENCE_FIELDS = 'id infoHash instance client type result occurredAt receivedAt payload'

export function toEvidenceEvent(report: CoreEvidence): EvidenceEvent {
  return {
    id: report.id,
    info_hash: report.infoHash,
    source: report.client,
    instance: report.instance,
    type: report.type,
    result: report.result,
    occurred_at: report.occurredAt,
    recorded_at: report.receivedAt,
    payload: parsePayload(report.payload),
  }
}

/** The webhook body as received; one that was not JSON is shown as its text. */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return { text }
  }
}

export const EvidenceListQuery = t.Object({ limit: t.Optional(t.String()), offset: t.Optional(t.String()) })

/** The intake's instance name (the core's /evidence/arr/<instance> rule); `dashboard` when not given. */
export const EvidenceIntakeQuery = t.Object({
  instance: t.Optional(t.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$', error: 'must be 1-64 letters, digits, . _ or -' })),
})
