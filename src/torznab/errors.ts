import { AppError } from '../app-error'

/**
 * A Torznab error document: `<error code description/>`. Codes as the spec's §7.2; every HTTP
 * status is below 500 because the clients treat 5xx as "server down" and never read the body.
 */
export class TorznabError extends AppError {
  constructor(
    readonly torznabCode: number,
    description: string,
    readonly httpStatus = 200,
    /** Sent as Retry-After with a rate-limit refusal. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`torznab_${torznabCode}`, description)
  }
}

export const missingParameter = (name: string) => new TorznabError(200, `Missing parameter: ${name}`)
export const invalidParameter = (name: string, why: string) => new TorznabError(201, `Invalid parameter: ${name} (${why})`)
export const unknownFunction = (name: string) => new TorznabError(202, `Function not available: ${name}`)
/** A path or method under /torznab that is not the feed: the feed is GET /torznab/api. */
export const notAFeed = (request: string) => new TorznabError(202, `Function not available: ${request} (the feed is GET /torznab/api)`, 404)
export const badCredentials = () => new TorznabError(100, 'Incorrect user credentials', 401)
/** The exact text the *arr clients recognise as a rate limit. */
export const rateLimited = (retryAfterSeconds: number) => new TorznabError(500, 'Request limit reached', 429, retryAfterSeconds)
export const searchFailed = (why: string) => new TorznabError(203, `Search failed: ${why}`)
export const unknownError = () => new TorznabError(900, 'Unknown error')
