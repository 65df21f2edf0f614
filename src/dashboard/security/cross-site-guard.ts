import { Elysia } from 'elysia'
import { AppError } from '../../app-error'

export class CrossSiteRequestError extends AppError {
  constructor() {
    super('forbidden', 'a request that changes something must come from the dashboard itself, not another site')
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request another web site made the browser send (CSRF). Browsers mark
 * every request with `Sec-Fetch-Site`, which survives reverse proxies, so it decides when present:
 * only `cross-site` is refused. An older browser sends only `Origin`, compared with the host it
 * addressed (`Host`, or `X-Forwarded-Host` from a proxy that rewrites Host, as nginx does by
 * default). A session cookie (tier 4) rides along on such requests when its portal did not set
 * SameSite; the *arr apps, curl and scripts send neither header, so they are unaffected.
 */
export const crossSiteGuard = new Elysia({ name: 'dashboard-cross-site-guard' }).onBeforeHandle({ as: 'scoped' }, ({ request }) => {
  if (SAFE_METHODS.has(request.method)) return
  const site = request.headers.get('sec-fetch-site')
  if (site !== null) {
    if (site === 'cross-site') throw new CrossSiteRequestError()
    return
  }
  const origin = request.headers.get('origin')
  if (origin === null) return
  const addressed = [request.headers.get('host'), ...(request.headers.get('x-forwarded-host')?.split(',') ?? [])].map((host) =>
    host?.trim(),
  )
  let originHost: string | null = null
  try {
    originHost = new URL(origin).host
  } catch {
    // `Origin: null` (a sandboxed frame, a file) names no site: refused below.
  }
  if (originHost === null || !addressed.includes(originHost)) throw new CrossSiteRequestError()
})
