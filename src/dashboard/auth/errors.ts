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

/** Why a change was not confirmed: no key given, a wrong one, or none set to confirm with. */
export type UnconfirmedReason = 'missing' | 'wrong' | 'no_key_set'

const UNCONFIRMED_MESSAGES: Record<UnconfirmedReason, string> = {
  missing:
    'this change widens who is trusted or replaces a key: confirm it with the dashboard API key (confirm_key, or header X-Confirm-Key), or sign in again',
  wrong: 'that is not the dashboard API key: the change was not made',
  no_key_set:
    'this change needs the dashboard API key to confirm it, and none is set: set DASHBOARD_API_KEY, or change it in the environment',
}

/**
 * A change that widens who is trusted, or rotates a key, was not confirmed with the dashboard key
 * (DESIGN.md 7.2): 403. The message says how to confirm, or why the key given does not.
 */
export class ConfirmationRequiredError extends AppError {
  constructor(readonly reason: UnconfirmedReason) {
    super('confirmation_required', UNCONFIRMED_MESSAGES[reason])
  }
}
