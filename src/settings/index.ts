export { InvalidSettingError } from './errors'
export { createRuntimeSettings, type RuntimeSettings } from './service'
export type { SettingEntry } from './model'
export type { SettingsStore } from './store-port'
