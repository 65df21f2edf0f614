export { loadConfigOrExit } from './load-config-or-exit'
