import { AppError } from '../app-error'

/** The request itself is wrong in a way the sender can fix; the message tells them how. */
export class BadRequestError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad_request', message, options)
  }
}

/** A browser sent a write for a page of another origin (DESIGN.md 7.1): refused whatever the key. */
export class CrossOriginError extends AppError {
  constructor() {
    super('cross_origin', 'a page of another site cannot write here: the request came from a browser on another origin')
  }
}

/** A client sent more requests than its budget; `retryAfterSeconds` goes out as Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `too many requests from this client; try again in ${retryAfterSeconds} s`)
  }
}
