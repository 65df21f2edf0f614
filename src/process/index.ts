export { loadConfigOrExit } from './load-config-or-exit'
export { exitOnStartupFailure, openCoreOrExit } from './open-core-or-exit'
