import { callOutbound, OutboundCallError, readAnswerText } from '../outbound'
import { fitLength } from './fit-text'
import { NOTIFICATION_TARGET_KIND_LABELS, type Notice, type NotificationTargetKind } from './model'
import { RECEIVER_PROTOCOLS } from './protocols'
import type { TargetAccess } from './receiver-protocol'

/** A receiver's reason is kept on its target and in the audit log: a sentence, not whatever it sent. */
const MAX_REASON_LENGTH = 300

/** One delivery attempt's outcome; a failure says why in words and whether trying again may help. */
export type DeliveryOutcome = { isDelivered: true } | { isDelivered: false; reason: string; isRetryable: boolean }

export interface DeliveryTarget extends TargetAccess {
  kind: NotificationTargetKind
}

/**
 * Sends `notice` to `target` once, in its kind's API shape. A 2xx is delivered; a receiver that
 * cannot be reached, times out, is overloaded (5xx, 429) or times the request out (408) may take
 * it later; any other answer (a refused token, a malformed request) will not change by retrying.
 */
export async function deliverOnce(
  target: DeliveryTarget,
  notice: Notice,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<DeliveryOutcome> {
  const protocol = RECEIVER_PROTOCOLS[target.kind]
  const label = NOTIFICATION_TARGET_KIND_LABELS[target.kind]
  const request = protocol.request(target, notice)
  let response: Response
  try {
    response = await callOutbound(request.url, { method: 'POST', headers: request.headers, body: request.body }, options)
  } catch (err) {
    if (!(err instanceof OutboundCallError)) throw err
    return { isDelivered: false, reason: `${label} cannot be reached: ${err.message}`, isRetryable: true }
  }
  const body = await readAnswerText(response)
  if (response.status >= 200 && response.status < 300) return { isDelivered: true }
  return {
    isDelivered: false,
    reason: `${label} answered HTTP ${response.status}: ${fitLength(protocol.reasonOf(response.status, body), MAX_REASON_LENGTH)}`,
    isRetryable: response.status >= 500 || response.status === 429 || response.status === 408,
  }
}
