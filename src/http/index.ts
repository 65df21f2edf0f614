export { BadRequestError } from './errors'
export { jsonErrors } from './json-errors'
export { readRetryAfterMs, waitAfterTooManyRequestsMs } from './retry-after'
