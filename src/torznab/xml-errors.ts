import { Elysia, ValidationError } from 'elysia'
import { UnauthorizedError } from '../auth'
import type { Logger } from '../log'
import { badCredentials, invalidParameter, TorznabError, unknownError } from './errors'
import { respondWithError } from './respond'

/**
 * Answers every fault of the feed's routes as a Torznab `<error code description/>` document,
 * never Elysia's JSON or text: a TorznabError as itself, a missing key as error 100 (HTTP 401), a
 * parameter that fails its schema as error 201 naming it, anything else logged and answered 900.
 * Scoped to the router that uses it; the core's JSON errors must not reach the feed, so the feed
 * is registered before them.
 */
export const torznabErrors = (deps: { log: Logger }) =>
  new Elysia({ name: 'torznab-errors' }).onError({ as: 'scoped' }, ({ code, error, request, set }) => {
    const fault = toTorznabError(error)
    if (!fault) deps.log.error('torznab request failed', { code, err: error })
    const answer = fault ?? unknownError()
    // Recorded for the request metrics; the Response carries its own status.
    set.status = answer.httpStatus
    return respondWithError(answer, request)
  })

function toTorznabError(error: unknown): TorznabError | null {
  if (error instanceof TorznabError) return error
  if (error instanceof UnauthorizedError) return badCredentials()
  if (error instanceof ValidationError) {
    const field = error.valueError?.path.replace(/^\//, '').replaceAll('/', '.') || error.type
    const why = typeof error.customError === 'string' ? error.customError : (error.valueError?.message ?? 'malformed')
    return invalidParameter(field, why)
  }
  return null
}
