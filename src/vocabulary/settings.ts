/**
 * The settings an operator may override at run time from the dashboard (spec 2.1's allowlist),
 * each with who honours an override and whether its value is a secret. Everything else (ports,
 * paths) is read once from the environment and needs a restart. What a valid value is, is each
 * key's rule in src/config (SETTING_RULES): the dashboard checks a change with it, and the core
 * checks again what the dashboard sends.
 */

export interface SettingFacts {
  /** Who honours an override: the core (pushed to it over GraphQL), the dashboard itself, or both. */
  honouredBy: 'core' | 'dashboard' | 'both'
  /** Secrets are shown masked ("****" + the last 4) in every answer and in the audit log. */
  isSecret: boolean
}

/** In the order the dashboard lists them. */
export const SETTINGS = {
  torznab_api_key: { honouredBy: 'core', isSecret: true },
  core_metrics_url: { honouredBy: 'dashboard', isSecret: false },
  sso_cookie_name: { honouredBy: 'dashboard', isSecret: false },
  artwork_api_key: { honouredBy: 'both', isSecret: true },
  core_graphql_url: { honouredBy: 'dashboard', isSecret: false },
  trust_proxy_headers: { honouredBy: 'dashboard', isSecret: false },
  trust_forwarded_user: { honouredBy: 'dashboard', isSecret: false },
  log_level: { honouredBy: 'both', isSecret: false },
} as const satisfies Record<string, SettingFacts>

export type SettingKey = keyof typeof SETTINGS
export type SettingValue = string | boolean

export const SETTING_KEYS = Object.keys(SETTINGS) as readonly SettingKey[]

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key)
}

/** The keys the core takes as overrides (its share of the allowlist): each replaces an environment variable's value while it exists. */
export type CoreSettingKey = { [K in SettingKey]: (typeof SETTINGS)[K]['honouredBy'] extends 'dashboard' ? never : K }[SettingKey]

export const CORE_SETTING_KEYS = SETTING_KEYS.filter((key) => SETTINGS[key].honouredBy !== 'dashboard') as readonly CoreSettingKey[]

export function isCoreSettingKey(key: string): key is CoreSettingKey {
  return (CORE_SETTING_KEYS as readonly string[]).includes(key)
}
