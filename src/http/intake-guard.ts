import { Elysia } from 'elysia'
import { isForeignBrowserRequest } from './browser-origin'
import { CrossOriginError, RateLimitedError } from './errors'
import type { RateLimiter } from './rate-limit'

export interface IntakeGuardDeps {
  /** The origin of BASE_URL, or null when unset (the request's own host stands for it). */
  publicOrigin: string | null
  /** Per client address; one limiter shared by every route that takes the option. */
  rateLimiter: RateLimiter
}

/**
 * Adds the `intake: true` route option for routes that write what outsiders send (the evidence
 * intake, /import): a browser's request for a page of another origin is refused (403
 * `cross_origin`) whatever the key setting, and each client address gets its share of requests
 * per minute (429 `rate_limited` with Retry-After). Both run before the key check and before any
 * body is read. Named, so a router registers it once.
 */
export const intakeGuard = (deps: IntakeGuardDeps) =>
  new Elysia({ name: 'intake-guard' }).macro({
    intake: {
      transform({ request, server }) {
        if (isForeignBrowserRequest(request, deps.publicOrigin)) throw new CrossOriginError()
        const retryAfterSeconds = deps.rateLimiter.take(server?.requestIP(request)?.address ?? 'unknown')
        if (retryAfterSeconds !== null) throw new RateLimitedError(retryAfterSeconds)
      },
    },
  })
