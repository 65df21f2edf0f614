export { BadRequestError } from './errors'
export { describeValidationError, jsonErrors, type JsonError } from './json-errors'
