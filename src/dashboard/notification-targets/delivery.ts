import type { Logger } from '../../log'
import type { AuditService } from '../audit'
import type { EventBus } from '../events'
import type { Notification } from '../notifications'
import { redactSecrets } from '../outbound'
import type { Notice } from './model'
import { noticeOf } from './notice'
import type { NotificationTargetRow } from '../store'
import { type NotificationTargetService, secretsOf } from './service'

/**
 * The waits before each retry of a failed delivery: three retries with backoff (issue 33). With
 * four attempts of at most DELIVERY_TIMEOUT_MS (5 s) each, the last one ends within 27 s of the
 * notification: "pushed within 30 s".
 */
export const RETRY_BACKOFF_MS = [1_000, 2_000, 4_000] as const

/**
 * Pushes every notification, as it is created (the event bus's `notification`), to each target
 * subscribed to its type, in the target's API shape. A delivery the receiver may take later (it is
 * down, overloaded, timed out) is retried after each wait of `backoffMs`; one that still fails,
 * or one the receiver refuses outright (a wrong token), is kept on the target (the settings page
 * shows it) and is an audit row (`health`, by `dashboard`). Deliveries run beside the request
 * that created the notification, never holding it up. `stop()` ends them (aborting calls under
 * way); `idle()` resolves once those under way have finished, for tests.
 */
export function startNotificationDelivery(deps: {
  events: EventBus
  targets: NotificationTargetService
  audit: AuditService
  log: Logger
  backoffMs?: readonly number[]
}) {
  const backoffMs = deps.backoffMs ?? RETRY_BACKOFF_MS
  const stopping = new AbortController()
  const underWay = new Set<Promise<void>>()

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      stopping.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          resolve()
        },
        { once: true },
      )
    })

  const deliver = async (target: NotificationTargetRow, notice: Notice) => {
    for (let attempt = 1; ; attempt++) {
      const outcome = await deps.targets.attempt(target, notice, stopping.signal)
      if (stopping.signal.aborted) return
      if (outcome.isDelivered) {
        deps.targets.recordDelivered(target.id)
        return
      }
      const retryIn = outcome.isRetryable ? backoffMs[attempt - 1] : undefined
      if (retryIn === undefined) {
        const reason = redactSecrets(outcome.reason, secretsOf(target))
        deps.targets.recordFailed(target.id, reason)
        deps.audit.record({
          kind: 'health',
          key: `notification_target:${target.name}`,
          action: 'delivery_failed',
          newValue: { type: notice.type, attempts: attempt, error: reason },
          changedBy: 'dashboard',
        })
        deps.log.warn('notification delivery failed', {
          targetId: target.id,
          kind: target.kind,
          type: notice.type,
          attempts: attempt,
          reason,
        })
        return
      }
      await wait(retryIn)
      if (stopping.signal.aborted) return
    }
  }

  const track = (delivery: Promise<void>) => {
    const tracked = delivery
      .catch((err) => deps.log.error('notification delivery crashed', { err }))
      .finally(() => underWay.delete(tracked))
    underWay.add(tracked)
  }

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type !== 'notification') return
    const notification = event.data as Notification
    try {
      for (const target of deps.targets.subscribedTo(notification.type)) track(deliver(target, noticeOf(notification)))
    } catch (err) {
      // The bus drops a listener that throws: one unreadable store must not end every later delivery.
      deps.log.error('notification targets could not be read', { err })
    }
  })

  return {
    async stop(): Promise<void> {
      unsubscribe()
      stopping.abort()
      await Promise.allSettled([...underWay])
    },
    async idle(): Promise<void> {
      while (underWay.size > 0) await Promise.allSettled([...underWay])
    },
  }
}

export type NotificationDelivery = ReturnType<typeof startNotificationDelivery>
