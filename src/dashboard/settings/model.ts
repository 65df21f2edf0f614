import { t } from 'elysia'
import { BadRequestError } from '../../http'
import type { SettingKey } from '../../config'
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
export const OverrideBody = t.Object({
  value: t.Union([t.String(), t.Boolean(), t.Number(), t.Null(), t.Array(t.Unknown()), t.Record(t.String(), t.Unknown())], {
    error: 'is required: the new value as JSON',
  }),
})

/**
 * The rotation's target from the raw body: empty means torznab; anything else must be the JSON
 * object `{"target": ...}`, whatever content type it came with. Read by hand because Elysia drops
 * a body it cannot parse, and a garbled request must not rotate the Torznab key.
 */
export function readRegenerateTarget(text: string): ApiKeyTarget {
  if (text.trim() === '') return 'torznab'
  const targetNames = API_KEY_TARGETS.map((target) => JSON.stringify(target)).join(' or ')
  const refused = new BadRequestError(`body: must be empty or {"target": ${targetNames}}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw refused
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw refused
  const { target = 'torznab', ...rest } = body as Record<string, unknown>
  if (Object.keys(rest).length > 0 || !API_KEY_TARGETS.includes(target as ApiKeyTarget)) throw refused
  return target as ApiKeyTarget
}
