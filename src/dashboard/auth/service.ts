import { constantTimeEqual } from '../../auth'
import type { DashboardConfig } from '../../config'
import type { Logger } from '../../log'
import type { AuditService } from '../audit'
import type { DashboardApiKey } from './dashboard-api-key'
import { ConfirmationRequiredError, TooManyAuthFailuresError } from './errors'
import { createFailureThrottle } from './failure-throttle'
import { ANONYMOUS, type Credentials, type Identity } from './model'
import { createOncePerWindow } from '../security'
import { clearedSessionCookie, sessionCookie, signSessionToken, verifySessionToken } from './session-token'
import type { SessionLifecycle } from './sessions'
import { type Tier, tiersFor } from './tiers'
import { readUserName } from './user-name'

/** A failure is audited once per (address, reason) per minute: a client retrying cannot fill the disk. */
const FAILURE_WINDOW_MS = 60_000
/** A success is audited the first time per identity per hour (DESIGN.md 5.5). */
const SUCCESS_WINDOW_MS = 3_600_000
/** Bounds the memory of both, and of the throttle; past it, the oldest entries go first. */
const MAX_REMEMBERED = 10_000
/** Wrong keys an address may give per minute before it waits (issue 29.6): a person mistyping never gets there. */
const WRONG_KEYS_PER_MINUTE = 5
/** A session this old or younger confirms a change that needs the key: its owner just typed the key at /login. */
const FRESH_SIGN_IN_MS = 5 * 60_000

/** A tier's verdict on a request: who it is, why not, or null when nothing was presented to it. */
type TierOutcome = { identity: Identity } | { failure: string } | null

const API_KEY_IDENTITY: Identity = Object.freeze({ id: 'api_key', method: 'api_key', display: 'API key', actor: 'api_key' })

/** The settings auth reads on every request; the settings service is one (settings builds on auth, not the other way). */
export interface AuthSettings {
  value(key: 'trust_proxy_headers' | 'trust_forwarded_user'): boolean
  value(key: 'sso_cookie_name'): string
}

/**
 * Resolves who a request is (spec 5.2, DESIGN.md 3.9): the tiers of AUTH_METHOD in spec order,
 * each failure falling to the next. Reads trust_* and sso_cookie_name from the settings on every
 * request, so an override applies to the next request. Records auth events in the audit log;
 * keys and tokens are never stored or logged, only fixed reasons. Wrong keys are counted per
 * address, and an address past its tries is refused (429) before any key it sends is looked at.
 */
export function createAuthService(deps: {
  config: Pick<DashboardConfig, 'requireAuth' | 'authMethod' | 'ssoSessionTtlMs'>
  settings: AuthSettings
  dashboardApiKey: Pick<DashboardApiKey, 'current'>
  sessionSecret: Uint8Array
  sessions: SessionLifecycle
  audit: AuditService
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? Date.now
  const tiers = tiersFor(deps.config.authMethod)
  const failures = createOncePerWindow({ windowMs: FAILURE_WINDOW_MS, maxKeys: MAX_REMEMBERED, nowMs })
  const successes = createOncePerWindow({ windowMs: SUCCESS_WINDOW_MS, maxKeys: MAX_REMEMBERED, nowMs })
  const throttle = createFailureThrottle({ maxFailures: WRONG_KEYS_PER_MINUTE, windowMs: 60_000, maxAddresses: MAX_REMEMBERED, nowMs })

  const refuseWhileThrottled = (clientAddress: string) => {
    const waitMs = throttle.retryAfterMs(clientAddress)
    if (waitMs > 0) throw new TooManyAuthFailuresError(Math.ceil(waitMs / 1000))
  }

  /** A wrong dashboard key from `clientAddress`; the one that uses up its tries is audited. */
  const countWrongKey = (clientAddress: string) => {
    if (!throttle.noteFailure(clientAddress) || !failures.admit(`${clientAddress}\0throttled`)) return
    deps.log.warn('dashboard key tries paused for an address', { clientAddress, perMinute: WRONG_KEYS_PER_MINUTE })
    deps.audit.record({ kind: 'auth', key: 'api_key', action: 'auth_throttled', newValue: clientAddress, changedBy: clientAddress })
  }

  /** Whether `presented` is the dashboard key; a wrong one counts against the address. Throws 429 while it waits. */
  const checkKey = (presented: string[], clientAddress: string): TierOutcome => {
    const key = deps.dashboardApiKey.current()
    if (!key) return { failure: 'no dashboard API key is set' }
    refuseWhileThrottled(clientAddress)
    if (presented.some((candidate) => constantTimeEqual(candidate, key))) return { identity: API_KEY_IDENTITY }
    countWrongKey(clientAddress)
    return { failure: 'wrong API key' }
  }

  /** A header identity counts only while its switch is on, whatever the request says (DESIGN.md 5.5). */
  const fromHeader = (value: string | null, header: string, isTrusted: boolean, method: Tier): TierOutcome => {
    if (value === null) return null
    if (!isTrusted) return { failure: `${header} sent but not trusted` }
    const name = readUserName(value)
    return name === undefined
      ? { failure: `${header} is not a valid user name` }
      : { identity: { id: name, method, display: name, actor: `${method}:${name}` } }
  }

  const fromSession = async (token: string): Promise<TierOutcome> => {
    const verdict = await verifySessionToken(token, deps.sessionSecret)
    if ('failure' in verdict) return verdict
    const ended = deps.sessions.whyEnded(token, verdict)
    if (ended) return { failure: ended }
    const { subject, mark, issuedAtSeconds } = verdict
    const identity: Identity = { id: subject, method: 'oidc', display: subject, actor: mark ? `forms:${mark.id}` : `oidc:${subject}` }
    if (mark && issuedAtSeconds !== undefined) identity.signedInAtMs = issuedAtSeconds * 1000
    return { identity }
  }

  const tryTier = async (tier: Tier, credentials: Credentials): Promise<TierOutcome> => {
    switch (tier) {
      case 'api_key':
        return credentials.apiKeys.length === 0 ? null : checkKey(credentials.apiKeys, credentials.clientAddress)
      case 'proxy_header':
        return fromHeader(credentials.proxyUser, 'x-auth-user', deps.settings.value('trust_proxy_headers'), tier)
      case 'forwarded_user':
        return fromHeader(credentials.forwardedUser, 'X-Forwarded-User', deps.settings.value('trust_forwarded_user'), tier)
      case 'oidc':
        return credentials.sessionToken === null ? null : fromSession(credentials.sessionToken)
    }
  }

  const noteSuccess = (identity: Identity, clientAddress: string) => {
    if (!successes.admit(identity.actor)) return
    deps.log.info('dashboard sign-in', { method: identity.method, actor: identity.actor, clientAddress })
    deps.audit.record({ kind: 'auth', key: identity.method, action: 'auth_succeeded', newValue: clientAddress, changedBy: identity.actor })
  }

  const noteFailure = (tier: Tier | 'none', reason: string, clientAddress: string) => {
    if (!failures.admit(`${clientAddress}\0${reason}`)) return
    deps.log.warn('dashboard authentication failed', { tier, reason, clientAddress })
    deps.audit.record({ kind: 'auth', key: tier, action: 'auth_failed', newValue: reason, changedBy: clientAddress })
  }

  /**
   * Whether `identity` must confirm a change that widens who is trusted or rotates a key
   * (DESIGN.md 7.2): not when auth is off (everyone is trusted already), not for the API key
   * (the request proved it), not for a session signed in at /login in the last 5 minutes.
   */
  const needsConfirmation = (identity: Identity): boolean => {
    if (!deps.config.requireAuth || identity.method === 'api_key') return false
    return identity.signedInAtMs === undefined || nowMs() - identity.signedInAtMs > FRESH_SIGN_IN_MS
  }

  return {
    /** The session cookie's name now (sso_cookie_name, overridable). */
    cookieName: (): string => deps.settings.value('sso_cookie_name'),

    /** Whether the reverse proxy's headers are believed now (trust_proxy_headers, overridable). */
    trustsProxy: (): boolean => deps.settings.value('trust_proxy_headers'),

    /**
     * The identity, ANONYMOUS when auth is off, or null when auth is enforced and no tier matched.
     * Rejects with TooManyAuthFailuresError when it sends a key from an address past its tries.
     */
    async authenticate(credentials: Credentials): Promise<Identity | null> {
      if (!deps.config.requireAuth) return ANONYMOUS
      let firstFailure: { tier: Tier; reason: string } | undefined
      for (const tier of tiers) {
        const outcome = await tryTier(tier, credentials)
        if (outcome && 'identity' in outcome) {
          noteSuccess(outcome.identity, credentials.clientAddress)
          return outcome.identity
        }
        if (outcome && !firstFailure) firstFailure = { tier, reason: outcome.failure }
      }
      noteFailure(firstFailure?.tier ?? 'none', firstFailure?.reason ?? 'no credentials', credentials.clientAddress)
      return null
    },

    /** Whether a /login form's key is the dashboard API key; audited and throttled like tier 1 of a request. */
    signInWithKey(key: string, clientAddress: string): boolean {
      const outcome = checkKey([key], clientAddress)
      if (outcome && 'identity' in outcome) {
        noteSuccess(outcome.identity, clientAddress)
        return true
      }
      noteFailure('api_key', outcome?.failure ?? 'no credentials', clientAddress)
      return false
    },

    /** Whether /login is offered: auth is enforced and the session cookie is one of its tiers. */
    offersLogin: (): boolean => deps.config.requireAuth && tiers.includes('oidc'),

    needsConfirmation,

    /** Throws ConfirmationRequiredError (403) unless `identity` needs no confirmation or `confirmKey` is the dashboard key. */
    confirm(identity: Identity, confirmKey: string | undefined, clientAddress: string): void {
      if (!needsConfirmation(identity)) return
      if (!deps.dashboardApiKey.current()) throw new ConfirmationRequiredError('no_key_set')
      if (!confirmKey) throw new ConfirmationRequiredError('missing')
      const outcome = checkKey([confirmKey], clientAddress)
      if (outcome && 'identity' in outcome) return
      noteFailure('api_key', 'confirmation with a wrong API key', clientAddress)
      throw new ConfirmationRequiredError('wrong')
    },

    /**
     * The Set-Cookie value of a new session for `subject` (HS256, exp = now + SSO_SESSION_TTL,
     * HttpOnly, SameSite=Lax, Path=/, Secure over HTTPS), for the /login page of AUTH_METHOD=forms.
     */
    async issueSessionCookie(subject: string, isSecure = false): Promise<string> {
      const ttlMs = deps.config.ssoSessionTtlMs
      const token = await signSessionToken(subject, deps.sessionSecret, ttlMs, nowMs(), deps.sessions.begin())
      return sessionCookie(deps.settings.value('sso_cookie_name'), token, ttlMs, isSecure)
    },

    /** Ends the session `token` names (POST /logout), and returns the Set-Cookie value that removes it. */
    async signOut(token: string | null, isSecure: boolean): Promise<string> {
      const verdict = token === null ? null : await verifySessionToken(token, deps.sessionSecret)
      if (token !== null && verdict && !('failure' in verdict)) deps.sessions.end(token, verdict)
      return clearedSessionCookie(deps.settings.value('sso_cookie_name'), isSecure)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
