/** How a request's identity was established: the tier of spec 5.2, or none when auth is off. */
export type IdentityMethod = 'none' | 'api_key' | 'proxy_header' | 'forwarded_user' | 'oidc'

/** Who is asking (spec 2.1, GET /api/me). */
export interface Identity {
  id: string
  method: IdentityMethod
  display: string
}

/** Everyone, when REQUIRE_AUTH is off. */
export const ANONYMOUS: Identity = Object.freeze({ id: 'anonymous', method: 'none', display: 'Anonymous' })

/** What a request presents, read by the HTTP layer; the auth service decides what it is worth. */
export interface Credentials {
  /** From `?apikey=`, `Authorization: Bearer` and `X-API-Key`, in that order. */
  apiKeys: string[]
  /** `x-auth-user`, null when absent. */
  proxyUser: string | null
  /** `X-Forwarded-User`, null when absent. */
  forwardedUser: string | null
  /** The session cookie's value (the cookie named by sso_cookie_name), null when absent. */
  sessionToken: string | null
  /** The client's address, for the audit log; 'unknown' when the server cannot tell. */
  clientAddress: string
}
