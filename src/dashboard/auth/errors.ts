import { AppError } from '../../app-error'

/** No tier matched while auth is enforced: 401 (DESIGN.md 5.5). Says what would work, never why the attempt failed. */
export class DashboardUnauthorizedError extends AppError {
  constructor() {
    super('unauthorized', 'authentication required: a dashboard API key (apikey, Bearer or X-API-Key) or a session')
  }
}

/** An address gave too many wrong keys lately (issue 29.6): 429 with Retry-After, whatever it sends now. */
export class TooManyAuthFailuresError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('too_many_requests', `too many wrong keys from this address: try again in ${retryAfterSeconds} s`)
  }
}

/**
 * A change that widens who is trusted, or rotates a key, was not confirmed with the dashboard key
 * (DESIGN.md 7.2): 403. The message says how to confirm, or why the key given does not.
 */
export class ConfirmationRequiredError extends AppError {
  constructor(message: string) {
    super('confirmation_required', message)
  }
}
