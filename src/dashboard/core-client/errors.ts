import { AppError } from '../../app-error'

/** The core did not answer (refused, timed out, 5xx, not JSON): routes that need it answer 502. */
export class CoreUnavailableError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('core_unavailable', message, options)
  }
}

/** The core answered a query of ours with GraphQL errors: a bug or a core of another version. */
export class CoreQueryError extends AppError {
  constructor(message: string) {
    super('core_query_failed', message)
  }
}
