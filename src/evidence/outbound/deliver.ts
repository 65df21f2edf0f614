import type { Logger } from '../../log'
import type { WebhookBatches } from './batches'

/** 3 retries after the first try, as the spec says. */
const RETRIES = 3

export interface DeliveryDeps {
  batches: WebhookBatches
  url: string
  timeoutMs: number
  backoffMs: number
  log: Logger
  onDelivered?: (batchId: string) => void
  /** A batch given up on after its last retry (a dashboard notification, later). */
  onFailed?: (batchId: string, error: string) => void
  sleep?: (ms: number) => Promise<void>
}

/**
 * The queue handler of the outbound webhook: POSTs one batch as
 * `{batch_id, sent_at, items: [...]}`, retrying 5xx answers, timeouts and network errors up to
 * three times with doubling waits. Retries happen inside the job, so batches go out in order
 * (the queue runs one job at a time); a restart re-runs an unfinished batch with the same
 * batch_id, so a receiver can drop one it already has. A 4xx is final: the receiver refuses it.
 */
export function createWebhookDelivery(deps: DeliveryDeps) {
  const sleep = deps.sleep ?? ((ms: number) => Bun.sleep(ms))
  const log = deps.log.child({ component: 'evidence-webhook' })

  return async (payload: unknown): Promise<void> => {
    const batchId = (payload as { batchId?: unknown }).batchId
    const batch = typeof batchId === 'string' ? await deps.batches.find(batchId) : null
    if (batch?.status !== 'pending') return
    const body = JSON.stringify({ batch_id: batch.batchId, sent_at: new Date().toISOString(), items: await deps.batches.itemsOf(batch) })
    let lastError = ''
    for (let attempt = batch.attempts; attempt <= RETRIES; attempt++) {
      if (attempt > 0) await sleep(deps.backoffMs * 2 ** (attempt - 1))
      const outcome = await post(deps.url, body, deps.timeoutMs)
      await deps.batches.noteAttempt(batch.batchId, outcome.ok ? null : outcome.error)
      if (outcome.ok) {
        await deps.batches.finish(batch.batchId, 'delivered')
        deps.onDelivered?.(batch.batchId)
        log.debug('batch delivered', { batchId: batch.batchId, attempt })
        return
      }
      lastError = outcome.error
      log.warn('batch delivery failed', { batchId: batch.batchId, attempt, err: outcome.error, retry: outcome.retry && attempt < RETRIES })
      if (!outcome.retry) break
    }
    await deps.batches.finish(batch.batchId, 'failed')
    deps.onFailed?.(batch.batchId, lastError)
  }
}

async function post(url: string, body: string, timeoutMs: number): Promise<{ ok: true } | { ok: false; error: string; retry: boolean }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.arrayBuffer().catch(() => undefined)
    if (response.ok) return { ok: true }
    // 408 and 429 are the receiver asking for later, like a 5xx.
    return {
      ok: false,
      error: `HTTP ${response.status}`,
      retry: response.status >= 500 || response.status === 408 || response.status === 429,
    }
  } catch (err) {
    return {
      ok: false,
      error: (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message,
      retry: true,
    }
  }
}
