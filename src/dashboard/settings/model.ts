import { t } from 'elysia'
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
 * Optional, but when sent it must be JSON: a union with Undefined rather than t.Optional, which
 * Elysia answers by dropping a body it cannot parse (a garbled request would rotate the Torznab key).
 */
const targetNames = API_KEY_TARGETS.map((target) => JSON.stringify(target)).join(' or ')

export const RegenerateBody = t.Union(
  [
    t.Undefined(),
    // Literals, not t.UnionEnum: Elysia fills an absent UnionEnum with its first value.
    t.Object({ target: t.Optional(t.Union(API_KEY_TARGETS.map((target) => t.Literal(target)))) }),
  ],
  { error: `must be empty or {"target": ${targetNames}}` },
)
