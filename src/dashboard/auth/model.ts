/** How a request's identity was established: the tier of spec 5.2, or none when auth is off. */
export type IdentityMethod = 'none' | 'api_key' | 'proxy_header' | 'forwarded_user' | 'oidc'

/** Who is asking. `id`, `method` and `display` are spec 2.1's GET /api/me. */
export interface Identity {
  id: string
  method: IdentityMethod
  display: string
  /**
   * Who and how, as the audit log names them (DESIGN.md 7.4): `api_key`, `forms:<session id>` (a
   * session made by /login), `oidc:<name>` (a portal's token), `proxy_header:<name>`,
   * `forwarded_user:<name>`, or `anonymous`.
   */
  actor: string
  /** When a session made by this dashboard signed in (ms): a fresh one confirms what needs the key. */
  signedInAtMs?: number
}

/** Everyone, when REQUIRE_AUTH is off. */
export const ANONYMOUS: Identity = Object.freeze({ id: 'anonymous', method: 'none', display: 'Anonymous', actor: 'anonymous' })

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
  /** Who is asking, for the audit log and the failure throttle; 'unknown' when the server cannot tell. */
  clientAddress: string
}
