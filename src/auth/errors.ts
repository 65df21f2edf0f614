import { AppError } from '../app-error'

/**
 * The request did not present the configured API key. Each surface answers it in its own form:
 * JSON 401 `unauthorized` on the core routes, Torznab error 100 with HTTP 401 on the feed.
 */
export class UnauthorizedError extends AppError {
  constructor() {
    super('unauthorized', 'a valid API key is required (apikey, Bearer or basic auth password)')
  }
}
