import { Elysia } from 'elysia'
import { readCredentials } from './credentials'
import { DashboardUnauthorizedError } from './errors'
import type { AuthService } from './service'

/**
 * Adds `identity` to every route registered after it in the app that uses it, and refuses with
 * 401 (DashboardUnauthorizedError) when auth is enforced and no tier matched. Routes that must
 * stay open (/healthz) are registered before it. Named, so feature routers may `.use` it for
 * the `identity` type while it still runs once per request.
 */
export const authPlugin = (deps: { auth: AuthService }) =>
  new Elysia({ name: 'dashboard-auth' }).derive({ as: 'scoped' }, async ({ request, server }) => {
    const clientAddress = server?.requestIP(request)?.address ?? 'unknown'
    const identity = await deps.auth.authenticate(readCredentials(request, deps.auth.cookieName(), clientAddress))
    if (!identity) throw new DashboardUnauthorizedError()
    return { identity }
  })

export type AuthPlugin = ReturnType<typeof authPlugin>
