import { Elysia } from 'elysia'
import type { Logger } from '../../log'
import { createOncePerWindow } from './once-per-window'
import { CrossSiteRequestError } from './errors'
import { judgeWriteOrigin, type OriginPolicy } from './request-origin'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A refused origin is logged once a minute: a hostile page retrying cannot flood the log. */
const LOG_WINDOW_MS = 60_000

/**
 * Refuses a state-changing request a browser sent from any page but the dashboard's own (CSRF,
 * DESIGN.md 7.1), for the pages' forms and /api/* alike: another site, a sibling subdomain or
 * another port of the same host, whose forms carry the owner's SameSite=Lax cookie. Requests with
 * neither Origin nor Sec-Fetch-Site (curl, scripts, the *arr apps) pass to their credentials.
 */
export const crossSiteGuard = (deps: { policy: () => OriginPolicy; log: Logger }) => {
  const logged = createOncePerWindow({ windowMs: LOG_WINDOW_MS, maxKeys: 1_000 })
  // At transform, before the body is validated and before who is asking is resolved: such a
  // request is refused as it is, whatever it carries.
  return new Elysia({ name: 'dashboard-cross-site-guard' }).onTransform({ as: 'scoped' }, ({ request }) => {
    if (SAFE_METHODS.has(request.method)) return
    if (judgeWriteOrigin(request.headers, deps.policy()) !== 'foreign') return
    const origin = request.headers.get('origin') ?? `(none; Sec-Fetch-Site ${request.headers.get('sec-fetch-site')})`
    if (logged.admit(origin))
      deps.log.warn('change from another page refused', {
        origin,
        host: request.headers.get('host'),
        path: new URL(request.url, 'http://localhost').pathname,
      })
    throw new CrossSiteRequestError()
  })
}
