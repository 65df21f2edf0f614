export { InvalidWantError } from './errors'
export { createWantRegistry, type WantRegistry } from './registry'
export type { WantMatch } from './model'
export type { WantsStore } from './store-port'
