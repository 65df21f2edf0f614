import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose'
import type { StateRepository } from '../store'
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

/** What a session made here carries beside its subject, so it can be ended before it expires (sessions.ts). */
export interface SessionMark {
  /** Random, per sign-in: names the session in the audit log (`forms:<id>`). */
  id: string
  /** The session generation at sign-in; rotating the dashboard key moves it on. */
  generation: number
}

export async function signSessionToken(
  subject: string,
  secret: Uint8Array,
  ttlMs: number,
  nowMs: number,
  mark: SessionMark,
): Promise<string> {
  const nowSeconds = Math.floor(nowMs / 1000)
  return new SignJWT({ sid: mark.id, gen: mark.generation })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(subject)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + Math.ceil(ttlMs / 1000))
    .sign(secret)
}

/** A valid token's claims: `mark` only on sessions this dashboard made (an SSO portal's have none). */
export interface SessionClaims {
  subject: string
  expiresAtSeconds: number
  issuedAtSeconds?: number
  mark?: SessionMark
}

/** Only a mark of the shape signSessionToken writes counts: a portal's token may carry other claims. */
function readMark(payload: JWTPayload): SessionMark | undefined {
  const { sid, gen } = payload
  return typeof sid === 'string' && /^[0-9a-f]{16}$/.test(sid) && Number.isSafeInteger(gen)
    ? { id: sid, generation: gen as number }
    : undefined
}

/** The token's claims, or why it is refused (a fixed reason: the token itself is never logged or stored). */
export async function verifySessionToken(token: string, secret: Uint8Array): Promise<SessionClaims | { failure: string }> {
  try {
    // exp is required, not merely checked when present: a token without one would never end.
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] })
    const subject = readUserName(payload.sub)
    if (subject === undefined) return { failure: 'session token subject is not a valid user name' }
    const mark = readMark(payload)
    return {
      subject,
      expiresAtSeconds: payload.exp!,
      ...(payload.iat !== undefined && { issuedAtSeconds: payload.iat }),
      ...(mark && { mark }),
    }
  } catch (err) {
    return { failure: err instanceof errors.JWTExpired ? 'session token expired' : 'session token invalid' }
  }
}

/**
 * The Set-Cookie value carrying a session token: script-proof, sent on top-level navigation, whole
 * site; `Secure` when the browser reaches the dashboard over HTTPS, so it never travels in clear.
 */
export function sessionCookie(name: string, token: string, ttlMs: number, isSecure: boolean): string {
  return `${name}=${token}; Max-Age=${Math.ceil(ttlMs / 1000)}; Path=/; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`
}

/** The Set-Cookie value that removes the session cookie from the browser. */
export function clearedSessionCookie(name: string, isSecure: boolean): string {
  return `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`
}
