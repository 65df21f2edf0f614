import { Elysia } from 'elysia'
import { clientAddressOf, readCredentials } from './credentials'
import { DashboardUnauthorizedError } from './errors'
import type { AuthService } from './service'

/**
 * Adds `identity` (and `clientAddress`, who is asking) to every route registered after it in the
 * app that uses it, and refuses with 401 (DashboardUnauthorizedError) when auth is enforced and
 * no tier matched, or 429 when the address sent too many wrong keys. Routes that must stay open
 * (/healthz) are registered before it. Named, so feature routers may `.use` it for the types
 * while it still runs once per request.
 */
export const authPlugin = (deps: { auth: AuthService }) =>
  new Elysia({ name: 'dashboard-auth' }).derive({ as: 'scoped' }, async ({ request, server }) => {
    const clientAddress = clientAddressOf(request, server?.requestIP(request)?.address, deps.auth.trustsProxy())
    const identity = await deps.auth.authenticate(readCredentials(request, deps.auth.cookieName(), clientAddress))
    if (!identity) throw new DashboardUnauthorizedError()
    return { identity, clientAddress }
  })

export type AuthPlugin = ReturnType<typeof authPlugin>
