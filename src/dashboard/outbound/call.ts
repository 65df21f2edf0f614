import { AppError } from '../../app-error'

/** The other side could not be reached, did not answer in time, or redirected elsewhere. */
export class OutboundCallError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('outbound_call_failed', message, options)
  }
}

/** Most of a receiver's answer the dashboard reads: its error text, never a download. */
const MAX_ANSWER_BYTES = 64 * 1024

/**
 * One HTTP request to a service the operator configured, with a deadline. Redirects are not
 * followed: they would carry the credentials to wherever they point. A refused connection, a
 * timeout or a redirect is an OutboundCallError whose message says which in words and never
 * quotes the runtime's own error (Bun's names the URL, which may hold a secret).
 */
export async function callOutbound(
  url: string,
  init: RequestInit,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Response> {
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  let response: Response
  try {
    response = await fetch(url, { ...init, signal, redirect: 'manual' })
  } catch (err) {
    if (options.signal?.aborted) throw new OutboundCallError('the dashboard is stopping', { cause: err })
    if (deadline.aborted) throw new OutboundCallError(`no answer within ${Math.round(options.timeoutMs / 1000)} s`, { cause: err })
    throw new OutboundCallError('could not connect', { cause: err })
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel()
    throw new OutboundCallError(`it answered with a redirect (HTTP ${response.status}); use the address it redirects to`)
  }
  return response
}

/**
 * The start of an answer's body as text, for its error message or its small JSON: at most 64 KiB
 * is read and the rest cancelled, so a receiver streaming without end holds nothing up. '' when
 * it cannot be read.
 */
export async function readAnswerText(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < MAX_ANSWER_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
    await reader.cancel()
  } catch {
    // A connection cut mid-answer: what arrived is still worth showing.
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES))
}
