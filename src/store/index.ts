export { openStore } from './open-store'
export type { CoreStore } from './core-store'
export { DatabaseInUseError, MigrationError, StoreError } from './errors'
export { openSyncPorts, type SyncPorts } from './sync-ports'
