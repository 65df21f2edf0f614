import type { LogLevel } from '../log'
import type { CoreSettingKey } from '../vocabulary'

/**
 * The overrides in force, one per key the core takes (src/vocabulary's CORE_SETTING_KEYS); a key
 * left out takes its environment value.
 */
export interface Overrides extends Partial<Record<CoreSettingKey, string>> {
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
