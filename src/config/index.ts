export {
  loadConfig,
  type Config,
  type CoreConfig,
  type GraphqlConfig,
  type IngestConfig,
  type DhtConfig,
  type Env,
  type EvidenceConfig,
  type LlmConfig,
  type DashboardConfig,
  type StorageConfig,
  type StoreConfig,
  type PgStoreConfig,
  type BackupConfig,
  type SyncConfig,
} from './load-config'
export { hideUrlSecrets } from './value-types'
export { renderConfigHelp } from './help'
export { ConfigError } from './errors'
export { variables } from './variables'
export type { HostPort } from './value-types'
export type { DailyWindow } from './daily-windows'
export { type AuthMethod, AUTH_METHODS, type ServiceRole, SERVICE_ROLES } from './variables'
export { maskSecret, SETTING_RULES, type SettingRule } from './settings-allowlist'
