export { openStore, prepareForStorageCap } from './open-store'
export type { CoreStore } from './core-store'
export { DatabaseInUseError, MigrationError, StoreError } from './errors'
