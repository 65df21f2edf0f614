export { createCoreApp, type CoreApp, type CoreAppDeps } from './app'
export { openIndex } from './open-index'
