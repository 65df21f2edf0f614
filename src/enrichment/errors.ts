import { AppError } from '../app-error'

/**
 * The artwork API did not answer this time (down, timed out, 5xx, 429, refused the key, not its
 * JSON). Nothing about the title is learnt: the resolver keeps it in the backlog and waits
 * `retryAfterMs` (the API's Retry-After) or its own backoff before asking again.
 */
export class ArtworkApiError extends AppError {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super('artwork_unavailable', message, options)
  }
}
