export { loadConfigOrExit } from './load-config-or-exit'
export { openCoreOrExit } from './open-core-or-exit'
