import { t } from 'elysia'
import { BadRequestError } from '../../http'
import type { SettingKey } from '../../vocabulary'
import type { LogLevel } from '../../log'

/** The effective value of each allowlisted key; null is an unset secret. */
export interface SettingValues {
  torznab_api_key: string | null
  core_metrics_url: string
  sso_cookie_name: string
  artwork_api_key: string | null
  core_graphql_url: string
  trust_proxy_headers: boolean
  trust_forwarded_user: boolean
  log_level: LogLevel
}

/** A setting as the API shows it (spec 2.1), secrets masked in `default` and `value`. */
export interface Setting {
  key: SettingKey
  default: string | boolean | null
  value: string | boolean | null
  overridden: boolean
}

/**
 * The answer to a change: the setting, and for a key the core honours whether the core has it
 * (`applied`) or could not be reached (`pending`, said in `message`: it is sent when the core is back).
 */
export type SettingChange = Setting & { core_sync?: 'applied' | 'pending'; message?: string }

/**
 * Changes that ask for the dashboard key (or a fresh sign-in) even inside a session (DESIGN.md
 * 7.2, issue 30.4): who is trusted (the header switches, the cookie read as a session), where the
 * dashboard sends its keys and reads from (the core's URLs), and the Torznab key (typing one is
 * a rotation: the *arr apps are locked out until they get it).
 */
export const CONFIRMED_SETTINGS: ReadonlySet<SettingKey> = new Set([
  'trust_proxy_headers',
  'trust_forwarded_user',
  'sso_cookie_name',
  'core_graphql_url',
  'core_metrics_url',
  'torznab_api_key',
])

/**
 * Secrets that belong to another host than the core (the TMDB key is TMDB's): given to the core
 * only when it is this process's own, never sent to a core URL elsewhere (issue 30.4).
 */
export const SECRETS_OF_OTHER_HOSTS: ReadonlySet<SettingKey> = new Set(['artwork_api_key'])

/** One override as the core's applySettings takes it (GraphQL SettingInput). */
export interface CoreSettingEntry {
  key: string
  value: string
}

export const API_KEY_TARGETS = ['torznab', 'dashboard'] as const
export type ApiKeyTarget = (typeof API_KEY_TARGETS)[number]

export const SettingParams = t.Object({ key: t.String() })

/**
 * Any JSON value is let through here, so a value of the wrong type gets the key's own message
 * (what it accepts) from the service; only a missing `value` stops at this schema.
 */
/** The dashboard key given to confirm a change (DESIGN.md 7.2); also accepted as header X-Confirm-Key. */
const ConfirmKey = t.Optional(t.String({ maxLength: 256, error: 'must be the dashboard API key, as text' }))

export const OverrideBody = t.Object({
  value: t.Union([t.String(), t.Boolean(), t.Number(), t.Null(), t.Array(t.Unknown()), t.Record(t.String(), t.Unknown())], {
    error: 'is required: the new value as JSON',
  }),
  confirm_key: ConfirmKey,
})

/**
 * The rotation's body from the raw text: empty means torznab; anything else must be the JSON
 * object `{"target": ..., "confirm_key": ...}` (both optional), whatever content type it came with.
 * Read by hand because Elysia drops a body it cannot parse, and a garbled request must not rotate
 * the Torznab key.
 */
export function readRegenerateBody(text: string): { target: ApiKeyTarget; confirmKey?: string } {
  if (text.trim() === '') return { target: 'torznab' }
  const targetNames = API_KEY_TARGETS.map((target) => JSON.stringify(target)).join(' or ')
  const refused = new BadRequestError(`body: must be empty or {"target": ${targetNames}, "confirm_key": "<dashboard API key>"}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw refused
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw refused
  const { target = 'torznab', confirm_key: confirmKey, ...rest } = body as Record<string, unknown>
  if (Object.keys(rest).length > 0 || !API_KEY_TARGETS.includes(target as ApiKeyTarget)) throw refused
  if (confirmKey !== undefined && typeof confirmKey !== 'string') throw refused
  return { target: target as ApiKeyTarget, ...(confirmKey !== undefined && { confirmKey }) }
}
