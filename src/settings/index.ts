export { InvalidSettingError } from './errors'
export { createSettingsRepository } from './repository'
export { createRuntimeSettings, type RuntimeSettings } from './service'
export type { SettingEntry } from './model'
