export type { ExportedLabel, ExportedTorrent, ExportStore, PageBounds, SyncCursorStore } from './model'
export { exportRoutes } from './routes'
export { createSyncFollower, type SyncFollower } from './follower'
export { EXPORT_USAGE, runExportCommand } from './export-command'
