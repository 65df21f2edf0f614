/**
 * The settings an operator may override at run time from the dashboard (spec 2.1's allowlist) and
 * the rule each value must meet (DESIGN.md 3.22). Everything else (ports, paths) is read once from
 * the environment and needs a restart.
 */
import { LOG_LEVELS } from '../log'
import { apiKey, cookieName, httpUrl, type ValueType } from './value-types'

export const SETTING_KEYS = [
  'torznab_api_key',
  'core_metrics_url',
  'sso_cookie_name',
  'artwork_api_key',
  'core_graphql_url',
  'trust_proxy_headers',
  'trust_forwarded_user',
  'log_level',
] as const

export type SettingKey = (typeof SETTING_KEYS)[number]
export type SettingValue = string | boolean

export interface SettingRule {
  /** Shown in a 400 when a value breaks the rule. */
  accepts: string
  /** The same in a person's words, for the settings page's form (no JSON types): "Use <this>." */
  inForm: string
  /** Secrets are shown masked ("****" + the last 4) in every answer and in the audit log. */
  isSecret: boolean
  /** Who honours an override: the core (pushed to it over GraphQL), the dashboard itself, or both. */
  honouredBy: 'core' | 'dashboard' | 'both'
  /** The value as stored, or undefined when it breaks the rule. JSON types are not coerced. */
  parse(value: unknown): SettingValue | undefined
}

const textRule = (type: ValueType<string>, isSecret: boolean, honouredBy: SettingRule['honouredBy']): SettingRule => ({
  accepts: `a JSON string: ${type.accepts}`,
  inForm: type.accepts,
  isSecret,
  honouredBy,
  parse: (value) => (typeof value === 'string' && type.parse(value) === value.trim() ? value.trim() : undefined),
})

const booleanRule: SettingRule = {
  accepts: 'a JSON boolean (true or false)',
  inForm: 'On or Off',
  isSecret: false,
  honouredBy: 'dashboard',
  parse: (value) => (typeof value === 'boolean' ? value : undefined),
}

const urlRule: SettingRule = {
  accepts: 'a JSON string holding an http:// or https:// URL',
  inForm: 'an http:// or https:// URL',
  isSecret: false,
  honouredBy: 'dashboard',
  parse: (value) => (typeof value === 'string' && httpUrl.parse(value) !== undefined ? value.trim() : undefined),
}

export const SETTING_RULES: Readonly<Record<SettingKey, SettingRule>> = {
  torznab_api_key: textRule(apiKey, true, 'core'),
  core_metrics_url: urlRule,
  sso_cookie_name: textRule(cookieName, false, 'dashboard'),
  artwork_api_key: textRule(apiKey, true, 'both'),
  core_graphql_url: urlRule,
  trust_proxy_headers: booleanRule,
  trust_forwarded_user: booleanRule,
  log_level: {
    accepts: `a JSON string: one of ${LOG_LEVELS.join(', ')}`,
    inForm: `one of ${LOG_LEVELS.join(', ')}`,
    isSecret: false,
    honouredBy: 'both',
    parse: (value) => (typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value) ? value : undefined),
  },
}

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key)
}

/** How a secret is shown: enough to tell two keys apart, never enough to use one. */
export function maskSecret(value: string): string {
  return `****${value.slice(-4)}`
}
