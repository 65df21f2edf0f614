import { IntakeError } from './errors'
import { readArrWebhook } from './arr-payload'
import { readGenericEvidence } from './generic-payload'
import { INSTANCE_NAME, INSTANCE_NAME_RULE, type EvidenceReport, type NotEvidence } from './model'
import type { Json } from './read-fields'

/** 1 MiB: an *arr webhook is a few KiB; anything near this is not one. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * 64 KiB of a body is kept with its report (in the queue job, then the evidence row): the
 * largest real webhooks (a season pack's episode list) are a few tens of KiB, and keeping the
 * whole of every 1 MiB body would let a sender fill the disk a megabyte per request.
 */
export const MAX_KEPT_PAYLOAD_BYTES = 64 * 1024

/**
 * A webhook body, read: an *arr app's own JSON (it has `eventType`) or the generic form. Every
 * way it can be wrong is an IntakeError with a message for the sender; nothing is stored yet.
 */
export function readEvidenceReport(body: string, instance: string, receivedAt: string): EvidenceReport | NotEvidence {
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
  if ('eventType' in json) return readArrWebhook(json, instance, receivedAt, keptPayload(body))
  if ('type' in json || 'info_hash' in json) return readGenericEvidence(json, instance, receivedAt, keptPayload(body))
  throw new IntakeError('neither an *arr webhook (no eventType) nor the generic form ({info_hash, type, result})')
}

/** The body as stored: whole up to MAX_KEPT_PAYLOAD_BYTES, else its start and a marker saying how big it was. */
export function keptPayload(body: string): string {
  const sizeBytes = Buffer.byteLength(body)
  if (sizeBytes <= MAX_KEPT_PAYLOAD_BYTES) return body
  // Cut on a character boundary: a UTF-8 sequence split by the cut decodes to one U+FFFD.
  const kept = Buffer.from(body)
    .subarray(0, MAX_KEPT_PAYLOAD_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '')
  return `${kept}...[truncated: ${sizeBytes} bytes received]`
}
