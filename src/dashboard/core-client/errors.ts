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

/**
 * The core answered and said no: it refused the dashboard's credential (CORE_ADMIN_KEY) or a
 * change it was asked to make. 502: the change did not happen, and nothing of it is kept here.
 */
export class CoreRefusedError extends AppError {
  constructor(message: string) {
    super('core_refused', message)
  }
}
