import type { SettingKey as AllowlistedKey } from '../config'
import type { LogLevel } from '../log'

/**
 * The settings the core takes as run-time overrides (the dashboard's allowlist, the core's share
 * of it). Each has an environment variable whose value it replaces while the override exists.
 */
export const SETTING_KEYS = ['torznab_api_key', 'log_level', 'artwork_api_key'] as const satisfies readonly AllowlistedKey[]
export type SettingKey = (typeof SETTING_KEYS)[number]

/** The overrides in force; a key left out takes its environment value. */
export interface Overrides {
  torznab_api_key?: string
  log_level?: LogLevel
  artwork_api_key?: string
}

/** One override as sent: GraphQL's SettingInput. */
export interface SettingEntry {
  key: string
  value: string
}

/** The values without any override: the environment's (or the built-in defaults). */
export interface SettingDefaults {
  torznabApiKey: string | undefined
  logLevel: LogLevel
  artworkApiKey: string | undefined
}
