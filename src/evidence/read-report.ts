import { IntakeError } from './errors'
import { readArrWebhook } from './arr-payload'
import { readGenericEvidence } from './generic-payload'
import { INSTANCE_NAME, INSTANCE_NAME_RULE, type EvidenceReport, type NotEvidence } from './model'
import type { Json } from './read-fields'

/** 1 MiB: an *arr webhook is a few KiB; anything near this is not one. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * How much of a body is kept with its report (in the queue job, then the evidence row) unless
 * SERVICE_EVIDENCE_MAX_PAYLOAD says otherwise (this is its default): a season pack's grab is about
 * 20 KiB, and keeping the whole of every 1 MiB body would let a sender fill the disk a megabyte
 * per request. The facts read from the body are kept whatever its size.
 */
export const MAX_KEPT_PAYLOAD_BYTES = 32 * 1024

/**
 * A webhook body, read: an *arr app's own JSON (it has `eventType`) or the generic form. Every
 * way it can be wrong is an IntakeError with a message for the sender; nothing is stored yet.
 */
export function readEvidenceReport(
  body: string,
  instance: string,
  receivedAt: string,
  keptBytes = MAX_KEPT_PAYLOAD_BYTES,
): EvidenceReport | NotEvidence {
  if (!INSTANCE_NAME.test(instance)) throw new IntakeError(INSTANCE_NAME_RULE)
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) throw new IntakeError(`the body is over ${MAX_BODY_BYTES} bytes`)
  let payload: unknown
  try {
    payload = JSON.parse(body)
  } catch {
    throw new IntakeError('the body is not JSON')
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new IntakeError('the body must be a JSON object')
  const json = payload as Json
  if ('eventType' in json) return readArrWebhook(json, instance, receivedAt, keptPayload(body, keptBytes))
  if ('type' in json || 'info_hash' in json) return readGenericEvidence(json, instance, receivedAt, keptPayload(body, keptBytes))
  throw new IntakeError('neither an *arr webhook (no eventType) nor the generic form ({info_hash, type, result})')
}

/** The body as stored: whole up to `keptBytes`, else its start and a marker saying how big it was. */
export function keptPayload(body: string, keptBytes = MAX_KEPT_PAYLOAD_BYTES): string {
  const sizeBytes = Buffer.byteLength(body)
  if (sizeBytes <= keptBytes) return body
  // Cut on a character boundary: a UTF-8 sequence split by the cut decodes to one U+FFFD.
  const kept = Buffer.from(body)
    .subarray(0, keptBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '')
  return `${kept}...[truncated: ${sizeBytes} bytes received]`
}
