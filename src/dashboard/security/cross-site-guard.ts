import { Elysia } from 'elysia'
import { AppError } from '../../app-error'

export class CrossSiteRequestError extends AppError {
  constructor() {
    super('forbidden', 'a request that changes something must come from the dashboard itself, not another site')
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request another web site made the browser send (CSRF): a browser
 * marks it `Sec-Fetch-Site: cross-site`, and an `Origin` other than the dashboard's own tells the
 * same for older ones. A session cookie (tier 4) rides along on such requests when its portal did
 * not set SameSite; the *arr apps, curl and scripts send neither header, so they are unaffected.
 */
export const crossSiteGuard = new Elysia({ name: 'dashboard-cross-site-guard' }).onBeforeHandle({ as: 'scoped' }, ({ request }) => {
  if (SAFE_METHODS.has(request.method)) return
  if (request.headers.get('sec-fetch-site') === 'cross-site') throw new CrossSiteRequestError()
  const origin = request.headers.get('origin')
  if (origin === null) return
  const host = request.headers.get('host')
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    throw new CrossSiteRequestError()
  }
  if (originHost !== host) throw new CrossSiteRequestError()
})
