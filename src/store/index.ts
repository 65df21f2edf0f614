export { openStore, prepareForStorageCap } from './open-store'
export { storeFiles } from './store-files'
export type { CoreStore } from './core-store'
export { DatabaseInUseError, MigrationError, StoreError } from './errors'
