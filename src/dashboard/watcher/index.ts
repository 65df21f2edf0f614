export { startCoreWatch } from './core-watch'
