import { Elysia } from 'elysia'
import { clientAddressOf, readCredentials } from './credentials'
import type { AuthService } from './service'
import { isHtmx } from '../page-kit'

/**
 * Pages resolve the caller like the API (the same tiers), but answer a missing identity as a
 * person expects: a redirect to /login where the session form exists, else a plain 401 page
 * (DESIGN.md 5.5). API routes keep their JSON 401 and never redirect.
 */
export const pageAuth = (deps: { auth: AuthService }) =>
  new Elysia({ name: 'dashboard-page-auth' })
    .derive({ as: 'scoped' }, async ({ request, server }) => {
      const clientAddress = clientAddressOf(request, server?.requestIP(request)?.address, deps.auth.trustsProxy())
      return { identity: await deps.auth.authenticate(readCredentials(request, deps.auth.cookieName(), clientAddress)), clientAddress }
    })
    .onBeforeHandle({ as: 'scoped' }, ({ identity, request }) => {
      if (identity) return
      if (deps.auth.offersLogin()) {
        // htmx follows a redirect inside its request and would swap the sign-in page into the
        // page's table: it is told to move the whole window instead, back to the page it is on.
        const requested = pathOf(request.url) ?? '/'
        if (isHtmx(request)) {
          const current = request.headers.get('hx-current-url')
          const login = `/login?next=${encodeURIComponent((current && pathOf(current)) || requested)}`
          return new Response(null, { status: 401, headers: { 'hx-redirect': login } })
        }
        return new Response(null, { status: 303, headers: { location: `/login?next=${encodeURIComponent(requested)}` } })
      }
      return new Response('<!doctype html><title>Sign-in needed</title><h1>Sign-in needed</h1><p>This dashboard asks who you are.</p>', {
        status: 401,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      })
    })

/** The path and query of a URL, null when it is none (the sign-in page keeps only a path on this origin anyway). */
function pathOf(url: string): string | null {
  const parsed = URL.parse(url, 'http://localhost')
  return parsed && `${parsed.pathname}${parsed.search}`
}
