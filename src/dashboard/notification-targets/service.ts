import { randomUUID } from 'node:crypto'
import { BadRequestError } from '../../http'
import type { AuditService } from '../audit'
import type { NotificationType } from '../notifications'
import { createReceiverBook, maskCredential, maskUrl, MAX_URL_LENGTH, readReceiverUrl, redactSecrets, secretsOfUrl } from '../outbound'
import { deliverOnce, type DeliveryOutcome } from './deliver'
import { NotificationTargetFailedError, NotificationTargetNotFoundError } from './errors'
import {
  type CreateNotificationTargetInput,
  NOTIFICATION_EVENTS,
  NOTIFICATION_TARGET_KINDS,
  type Notice,
  type NotificationTarget,
  type NotificationTargetKind,
  type UpdateNotificationTargetInput,
} from './model'
import { testNotice } from './notice'
import { RECEIVER_PROTOCOLS } from './protocols'
import type { NotificationTargetRepository, NotificationTargetRow } from '../store'

/** Longest one delivery attempt waits on a receiver; four attempts and the backoff between them stay within 30 s. */
export const DELIVERY_TIMEOUT_MS = 5_000

const eventsOf = (row: NotificationTargetRow): NotificationType[] => JSON.parse(row.events) as NotificationType[]

const toTarget = (row: NotificationTargetRow): NotificationTarget => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  url: maskUrl(row.url),
  token: row.token === null ? null : maskCredential(row.token),
  events: eventsOf(row),
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  last_delivered_at: row.lastDeliveredAt,
  last_failure:
    row.lastFailedAt !== null && (row.lastDeliveredAt === null || row.lastFailedAt > row.lastDeliveredAt)
      ? { at: row.lastFailedAt, message: row.lastError ?? '' }
      : null,
})

/** How a target is kept in the audit log: as the API shows it, without its id, times and delivery state. */
const auditView = (row: NotificationTargetRow) => {
  const { name, kind, url, token, events } = toTarget(row)
  return { name, kind, url, token, events }
}

/** Everything of a target that must never reach an answer, a log line or the audit log. */
export const secretsOf = (row: Pick<NotificationTargetRow, 'url' | 'token'>) => [row.token, ...secretsOfUrl(row.url)]

const optionalToken = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value

/**
 * What the API's schema checks, checked again for callers without one (the settings page's form):
 * a known kind, one or more known events each once, no text longer than it is meant to be.
 */
function checkFields(input: UpdateNotificationTargetInput): void {
  if (input.kind !== undefined && !NOTIFICATION_TARGET_KINDS.includes(input.kind))
    throw new BadRequestError(`kind: must be one of ${NOTIFICATION_TARGET_KINDS.join(', ')}`)
  const events = input.events
  if (
    events !== undefined &&
    (events.length === 0 || new Set(events).size !== events.length || events.some((event) => !NOTIFICATION_EVENTS.includes(event)))
  )
    throw new BadRequestError(`events: must list one or more of ${NOTIFICATION_EVENTS.join(', ')}, each once`)
  if (input.url !== undefined && input.url.length > MAX_URL_LENGTH)
    throw new BadRequestError(`url: must be at most ${MAX_URL_LENGTH} characters`)
  if (typeof input.token === 'string' && input.token.length > 512) throw new BadRequestError('token: must be at most 512 characters')
}

/** The URL as stored: a valid http(s) URL the kind can use, or a 400 saying what that kind takes. */
function readTargetUrl(raw: string, kind: NotificationTargetKind): string {
  const url = readReceiverUrl(raw)
  const problem = RECEIVER_PROTOCOLS[kind].urlProblem(url)
  if (problem) throw new BadRequestError(problem)
  return url.href
}

/**
 * Notification targets (issue 33): where notifications are pushed (ntfy, Gotify, Discord, a
 * webhook), kept in the dashboard's store. Changes are audit rows (`setting`); the token and the
 * URL's secret parts are masked in every answer and audit row and redacted from every message.
 * Deliveries themselves run in delivery.ts; their outcome is kept here, on the target.
 */
export function createNotificationTargetService(deps: {
  repository: NotificationTargetRepository
  audit: AuditService
  timeoutMs?: number
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS

  const book = createReceiverBook({
    repository: deps.repository,
    audit: deps.audit,
    key: 'notification_target',
    what: 'notification target',
    notFound: (id) => new NotificationTargetNotFoundError(id),
    auditView,
  })
  const row = book.row

  return {
    list: (): NotificationTarget[] => deps.repository.list().map(toTarget),

    get: (id: string): NotificationTarget => toTarget(row(id)),

    create(input: CreateNotificationTargetInput, changedBy: string): NotificationTarget {
      checkFields(input)
      const name = book.readName(input.name)
      const at = now().toISOString()
      const created = deps.repository.insert({
        id: randomUUID(),
        name,
        kind: input.kind,
        url: readTargetUrl(input.url, input.kind),
        token: optionalToken(input.token) ?? null,
        events: JSON.stringify(input.events),
        createdAt: at,
        updatedAt: at,
        lastDeliveredAt: null,
        lastFailedAt: null,
        lastError: null,
      })
      book.recordAdded(created, changedBy)
      return toTarget(created)
    },

    /** Only the fields sent change. A token or URL sent back as the API shows it (masked) keeps the stored one. */
    update(id: string, input: UpdateNotificationTargetInput, changedBy: string): NotificationTarget {
      const current = row(id)
      checkFields(input)
      const name = input.name === undefined ? undefined : book.readName(input.name, id)
      const kind = input.kind ?? current.kind
      const rawUrl = input.url === undefined || input.url === maskUrl(current.url) ? current.url : input.url
      const token = optionalToken(input.token)
      const isMaskedToken = token !== undefined && token !== null && current.token !== null && token === maskCredential(current.token)
      const updated = deps.repository.update(id, {
        ...(name !== undefined && { name }),
        kind,
        // A changed kind may not take the old address: it is checked again either way.
        url: readTargetUrl(rawUrl, kind),
        ...(token !== undefined && !isMaskedToken && { token }),
        ...(input.events !== undefined && { events: JSON.stringify(input.events) }),
        updatedAt: now().toISOString(),
      })
      if (!updated) throw new NotificationTargetNotFoundError(id)
      book.recordChanged(current, updated, changedBy)
      return toTarget(updated)
    },

    remove: book.remove,

    /** Sends a test notice now, once; the receiver's refusal is a NotificationTargetFailedError (502) with its reason. */
    async test(id: string): Promise<{ delivered: true }> {
      const target = row(id)
      const outcome = await deliverOnce(target, testNotice(target.name, now()), { timeoutMs })
      if (!outcome.isDelivered) throw new NotificationTargetFailedError(redactSecrets(outcome.reason, secretsOf(target)))
      deps.repository.update(id, { lastDeliveredAt: now().toISOString() })
      return { delivered: true }
    },

    /** The targets a notification of `type` goes to, as stored (for delivery.ts). */
    subscribedTo(type: NotificationType): NotificationTargetRow[] {
      return deps.repository.list().filter((target) => eventsOf(target).includes(type))
    },

    /** One attempt for delivery.ts, with the service's timeout. */
    attempt(target: NotificationTargetRow, notice: Notice, signal: AbortSignal): Promise<DeliveryOutcome> {
      return deliverOnce(target, notice, { timeoutMs, signal })
    },

    recordDelivered(id: string): void {
      deps.repository.update(id, { lastDeliveredAt: now().toISOString() })
    },

    /** A delivery failed after its retries: kept on the target, for the settings page. `reason` is redacted already. */
    recordFailed(id: string, reason: string): void {
      deps.repository.update(id, { lastFailedAt: now().toISOString(), lastError: reason })
    },
  }
}

export type NotificationTargetService = ReturnType<typeof createNotificationTargetService>
