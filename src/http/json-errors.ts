import { Elysia, type ValidationError } from 'elysia'
import { AppError } from '../app-error'
import type { Logger } from '../log'
import { RateLimitedError } from './errors'

/** The body of every JSON error answer. */
interface JsonError {
  error: string
  message: string
}

/** The AppError codes a JSON route answers with their own status; any other is ours (500). */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  cross_origin: 403,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  // The dashboard's upstream, the core, failed it (DESIGN.md 5): a gateway error, not ours.
  core_unavailable: 502,
  core_query_failed: 502,
  artwork_unavailable: 502,
  // A download client or a notification receiver the operator configured failed a call (issue 33).
  download_client_failed: 502,
  notification_target_failed: 502,
}

/**
 * Answers every fault of the routes registered after it, and every unmatched path, as JSON
 * `{error, message}`: Elysia's NOT_FOUND is 404 `not_found`; VALIDATION and PARSE are 400
 * `bad_request` naming the field; an AppError with a code above is its status and code; anything
 * else is logged and answered 500 `internal` without detail. Scoped: it covers the app that uses
 * it, never that app's parent, so a surface with its own error form registered earlier keeps it.
 */
export const jsonErrors = (deps: { log: Logger }) =>
  new Elysia({ name: 'json-errors' }).onError({ as: 'scoped' }, ({ code, error, set }): JsonError => {
    if (error instanceof AppError && error.code in STATUS_BY_CODE) {
      set.status = STATUS_BY_CODE[error.code]
      if (error instanceof RateLimitedError) set.headers['retry-after'] = String(error.retryAfterSeconds)
      return { error: error.code, message: error.message }
    }
    switch (code) {
      case 'NOT_FOUND':
        set.status = 404
        return { error: 'not_found', message: 'no such endpoint' }
      case 'VALIDATION':
        set.status = 400
        return { error: 'bad_request', message: describeValidationError(error) }
      case 'PARSE':
        set.status = 400
        return { error: 'bad_request', message: 'the body could not be parsed' }
    }
    deps.log.error('request failed', { code, err: error })
    set.status = 500
    return { error: 'internal', message: 'unexpected error' }
  })

/**
 * `params.instance: <why>`: the part of the request and the field, then the schema's own `error`
 * text where it has one, else TypeBox's. Never Elysia's default message, which echoes the value.
 */
function describeValidationError(error: Pick<ValidationError, 'type' | 'valueError' | 'customError'>): string {
  const path = error.valueError?.path ?? ''
  const field = `${error.type}${path.replaceAll('/', '.')}`
  const why = error.customError ?? error.valueError?.message ?? 'is not valid'
  return `${field}: ${typeof why === 'string' ? why : JSON.stringify(why)}`
}
