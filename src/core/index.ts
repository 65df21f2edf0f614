export { type Core, openCore, openLineWorkers } from './open-core'
export { openIndex, readAdminKey } from './open-index'
export { type RunningCore, startCore } from './start-core'
