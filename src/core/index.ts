export { type Core, openCore, openLineWorkers } from './open-core'
export { openIndex } from './open-index'
export { type RunningCore, startCore } from './start-core'
