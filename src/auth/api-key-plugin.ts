import { Elysia } from 'elysia'
import { isAuthorised } from './api-key'
import { UnauthorizedError } from './errors'

/**
 * The key in force now, read on every request, so a key that changes at run time (the dashboard's
 * settings override) applies to the next request without a restart. Undefined or empty leaves
 * the routes open.
 */
export type ApiKeySource = () => string | undefined

/**
 * Adds the `apiKey: true` route option: the route answers only requests that present the key (as
 * `?apikey=`, Bearer, or the HTTP basic password), and throws UnauthorizedError for the others,
 * which the surface's error plugin turns into its own 401. Named, so a router registers it once;
 * there is one key per install, so no seed tells instances apart.
 */
export const apiKeyAuth = (deps: { apiKey: ApiKeySource }) =>
  new Elysia({ name: 'api-key' }).macro({
    apiKey: {
      // A transform runs before validation: a caller without the key learns nothing about the
      // route's parameters, and is refused before any body is read.
      transform({ request }) {
        if (!isAuthorised(request, deps.apiKey())) throw new UnauthorizedError()
      },
    },
  })
