export { createCoreApp, type CoreApp, type CoreAppDeps } from './app'
export { openIndex } from './open-index'
export { openCore, type Core } from './open-core'
export { startQueue, type RunningQueue } from './start-queue'
