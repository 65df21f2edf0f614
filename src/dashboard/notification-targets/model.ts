import { t } from 'elysia'
import type { NotificationType } from '../notifications'
import { MAX_URL_LENGTH } from '../outbound'

export const NOTIFICATION_TARGET_KINDS = ['ntfy', 'gotify', 'discord', 'webhook'] as const
export type NotificationTargetKind = (typeof NOTIFICATION_TARGET_KINDS)[number]

export const NOTIFICATION_TARGET_KIND_LABELS: Record<NotificationTargetKind, string> = {
  ntfy: 'ntfy',
  gotify: 'Gotify',
  discord: 'Discord',
  webhook: 'Webhook',
}

/** Every notification type a target may subscribe to (DESIGN.md 3.12), in the order pages list them. */
export const NOTIFICATION_EVENTS = [
  'want_fulfilled',
  'webhook_delivery_failed',
  'crawler_warning',
] as const satisfies readonly NotificationType[]

/** A notification target as the API shows it: the token masked, the URL's secret parts masked. */
export interface NotificationTarget {
  id: string
  name: string
  kind: NotificationTargetKind
  url: string
  token: string | null
  events: NotificationType[]
  created_at: string
  updated_at: string
  /** When a notification last reached it, null before the first. */
  last_delivered_at: string | null
  /** The last delivery that failed after its retries, while no later one succeeded. */
  last_failure: { at: string; message: string } | null
}

/** What is pushed: a notification, or the test a person asks for. */
export interface Notice {
  type: NotificationType | 'test'
  title: string
  message: string
  created_at: string
  /** The notification's id; absent for a test. */
  id?: string
}

const KIND = t.Union(
  NOTIFICATION_TARGET_KINDS.map((kind) => t.Literal(kind)),
  { error: `must be one of ${NOTIFICATION_TARGET_KINDS.join(', ')}` },
)
const NAME = t.String({ minLength: 1, maxLength: 100, error: 'must be text of 1 to 100 characters' })
const URL_FIELD = t.String({
  maxLength: MAX_URL_LENGTH,
  error: `must be an http:// or https:// URL of at most ${MAX_URL_LENGTH} characters`,
})
/** null or '' clears it. */
const TOKEN = t.Optional(t.Union([t.String({ maxLength: 512 }), t.Null()], { error: 'must be text of at most 512 characters, or null' }))
const EVENTS = t.Array(
  t.Union(
    NOTIFICATION_EVENTS.map((event) => t.Literal(event)),
    { error: `must be one of ${NOTIFICATION_EVENTS.join(', ')}` },
  ),
  {
    minItems: 1,
    maxItems: NOTIFICATION_EVENTS.length,
    uniqueItems: true,
    error: `must list one or more of ${NOTIFICATION_EVENTS.join(', ')}, each once`,
  },
)

export const CreateNotificationTargetBody = t.Object({ name: NAME, kind: KIND, url: URL_FIELD, token: TOKEN, events: EVENTS })
export type CreateNotificationTargetInput = typeof CreateNotificationTargetBody.static

/** Only the fields sent change; a token or URL sent back as shown (masked) keeps the stored one. */
export const UpdateNotificationTargetBody = t.Object({
  name: t.Optional(NAME),
  kind: t.Optional(KIND),
  url: t.Optional(URL_FIELD),
  token: TOKEN,
  events: t.Optional(EVENTS),
})
export type UpdateNotificationTargetInput = typeof UpdateNotificationTargetBody.static

export const NotificationTargetParams = t.Object({ id: t.String({ maxLength: 64 }) })
