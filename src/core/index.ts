export { type Core, openCore, openLineWorkers } from './open-core'
export { readAdminKey } from './read-admin-key'
export { type RunningCore, startCore } from './start-core'
