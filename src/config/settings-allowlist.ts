/**
 * What a valid value of each run-time setting is (DESIGN.md 3.22): the dashboard checks a change
 * with it, and the core checks again what the dashboard sends. The keys, who honours each and
 * which are secrets: src/vocabulary's SETTINGS.
 */
import { LOG_LEVELS } from '../log'
import type { SettingKey, SettingValue } from '../vocabulary'
import { apiKey, cookieName, httpUrl, type ValueType } from './value-types'

export interface SettingRule {
  /** Shown in a 400 when a value breaks the rule. */
  accepts: string
  /** The same in a person's words, for the settings page's form (no JSON types): "Use <this>." */
  inForm: string
  /** The value as stored, or undefined when it breaks the rule. JSON types are not coerced. */
  parse(value: unknown): SettingValue | undefined
}

const textRule = (type: ValueType<string>): SettingRule => ({
  accepts: `a JSON string: ${type.accepts}`,
  inForm: type.accepts,
  parse: (value) => (typeof value === 'string' && type.parse(value) === value.trim() ? value.trim() : undefined),
})

const booleanRule: SettingRule = {
  accepts: 'a JSON boolean (true or false)',
  inForm: 'On or Off',
  parse: (value) => (typeof value === 'boolean' ? value : undefined),
}

const urlRule: SettingRule = {
  accepts: 'a JSON string holding an http:// or https:// URL',
  inForm: 'an http:// or https:// URL',
  parse: (value) => (typeof value === 'string' && httpUrl.parse(value) !== undefined ? value.trim() : undefined),
}

export const SETTING_RULES: Readonly<Record<SettingKey, SettingRule>> = {
  torznab_api_key: textRule(apiKey),
  core_metrics_url: urlRule,
  sso_cookie_name: textRule(cookieName),
  artwork_api_key: textRule(apiKey),
  core_graphql_url: urlRule,
  trust_proxy_headers: booleanRule,
  trust_forwarded_user: booleanRule,
  log_level: {
    accepts: `a JSON string: one of ${LOG_LEVELS.join(', ')}`,
    inForm: `one of ${LOG_LEVELS.join(', ')}`,
    parse: (value) => (typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value) ? value : undefined),
  },
}

/** How a secret is shown: enough to tell two keys apart, never enough to use one. */
export function maskSecret(value: string): string {
  return `****${value.slice(-4)}`
}
