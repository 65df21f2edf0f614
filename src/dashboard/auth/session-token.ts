import { errors, jwtVerify, SignJWT } from 'jose'
import type { StateRepository } from '../store/state'
import { readUserName } from './user-name'

/** DESIGN.md 3.9 fixes HS256; pinning it refuses `alg: none` and every other algorithm a token may claim. */
const ALGORITHM = 'HS256'

/**
 * The HS256 secret of session tokens: SSO_JWT_SECRET when set (an SSO portal shares it), else one
 * generated on first start (32 random bytes, hex) and kept in the dashboard store, so sessions
 * survive a restart.
 */
export function loadSessionSecret(deps: { state: StateRepository; configured: string | undefined }): Uint8Array {
  let secret = deps.configured ?? deps.state.get('sso_jwt_secret')
  if (!secret) {
    secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')
    deps.state.set('sso_jwt_secret', secret)
  }
  return new TextEncoder().encode(secret)
}

export async function signSessionToken(subject: string, secret: Uint8Array, ttlMs: number, nowMs = Date.now()): Promise<string> {
  const nowSeconds = Math.floor(nowMs / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(subject)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + Math.ceil(ttlMs / 1000))
    .sign(secret)
}

/** The token's subject, or why it is refused (a fixed reason: the token itself is never logged or stored). */
export async function verifySessionToken(token: string, secret: Uint8Array): Promise<{ subject: string } | { failure: string }> {
  try {
    // exp is required, not merely checked when present: a token without one would never end.
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] })
    const subject = readUserName(payload.sub)
    return subject === undefined ? { failure: 'session token subject is not a valid user name' } : { subject }
  } catch (err) {
    return { failure: err instanceof errors.JWTExpired ? 'session token expired' : 'session token invalid' }
  }
}

/** The Set-Cookie value carrying a session token: script-proof, sent on top-level navigation, whole site. */
export function sessionCookie(name: string, token: string, ttlMs: number): string {
  return `${name}=${token}; Max-Age=${Math.ceil(ttlMs / 1000)}; Path=/; HttpOnly; SameSite=Lax`
}
