export { InvalidWantError } from './errors'
export { createWantRepository } from './repository'
export { createWantService, type WantService } from './service'
export type { Want } from './model'
