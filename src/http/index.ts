export { BadRequestError } from './errors'
export { jsonErrors } from './json-errors'
