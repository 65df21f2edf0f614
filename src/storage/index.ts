export { migrateToIncrementalVacuum } from './auto-vacuum-migration'
export { openStorage } from './open-storage'
export { CAP_MARGIN } from './storage-cap'
export type { StorageReport } from './storage-report'
