import { IntakeError } from './errors'
import { readArrWebhook } from './arr-payload'
import { readGenericEvidence } from './generic-payload'
import { INSTANCE_NAME, INSTANCE_NAME_RULE, type EvidenceReport, type NotEvidence } from './model'
import type { Json } from './read-fields'

/** 1 MiB: an *arr webhook is a few KiB; anything near this is not one. */
export const MAX_BODY_BYTES = 1024 * 1024

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
  if ('eventType' in json) return readArrWebhook(json, instance, receivedAt, body)
  if ('type' in json || 'info_hash' in json) return readGenericEvidence(json, instance, receivedAt, body)
  throw new IntakeError('neither an *arr webhook (no eventType) nor the generic form ({info_hash, type, result})')
}
