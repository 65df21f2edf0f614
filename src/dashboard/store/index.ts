export { type AuditRepository, type AuditRow, createAuditRepository } from './audit-repository'
export { createDownloadClientRepository, type DownloadClientRepository, type DownloadClientRow } from './download-client-repository'
export { createEndedSessionRepository, type EndedSessionRepository } from './ended-session-repository'
export { createNotificationRepository, type NotificationRepository, type NotificationRow } from './notification-repository'
export {
  createNotificationTargetRepository,
  type NotificationTargetRepository,
  type NotificationTargetRow,
} from './notification-target-repository'
export { type DashboardStore, openDashboardStore, type StoreOrm } from './open-store'
export { type CachedPoster, createPosterCacheRepository, type PosterCacheRepository } from './poster-cache-repository'
export { createSettingsOverrideRepository, type SettingsOverrideRepository } from './settings-override-repository'
export { createStateRepository, type StateKey, type StateRepository } from './state'
export { createWantRepository, type WantRepository, type WantRow } from './want-repository'
