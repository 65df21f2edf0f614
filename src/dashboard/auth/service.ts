import { constantTimeEqual } from '../../auth'
import type { DashboardConfig } from '../../config'
import type { Logger } from '../../log'
import type { AuditService } from '../audit/service'
import type { SettingsService } from '../settings/service'
import type { DashboardApiKey } from './dashboard-api-key'
import { ANONYMOUS, type Credentials, type Identity } from './model'
import { createOncePerWindow } from './once-per-window'
import { sessionCookie, signSessionToken, verifySessionToken } from './session-token'
import { type Tier, tiersFor } from './tiers'
import { readUserName } from './user-name'

/** A failure is audited once per (address, reason) per minute: a client retrying cannot fill the disk. */
const FAILURE_WINDOW_MS = 60_000
/** A success is audited the first time per identity per hour (DESIGN.md 5.5). */
const SUCCESS_WINDOW_MS = 3_600_000
/** Bounds the memory of both; past it, rows are dropped until older entries age out. */
const MAX_REMEMBERED = 10_000

/** A tier's verdict on a request: who it is, why not, or null when nothing was presented to it. */
type TierOutcome = { identity: Identity } | { failure: string } | null

const API_KEY_IDENTITY: Identity = Object.freeze({ id: 'api_key', method: 'api_key', display: 'API key' })

/**
 * Resolves who a request is (spec 5.2, DESIGN.md 3.9): the tiers of AUTH_METHOD in spec order,
 * each failure falling to the next. Reads trust_* and sso_cookie_name from the settings on every
 * request, so an override applies to the next request. Records auth events in the audit log;
 * keys and tokens are never stored or logged, only fixed reasons.
 */
export function createAuthService(deps: {
  config: Pick<DashboardConfig, 'requireAuth' | 'authMethod' | 'ssoSessionTtlMs'>
  settings: Pick<SettingsService, 'value'>
  dashboardApiKey: Pick<DashboardApiKey, 'current'>
  sessionSecret: Uint8Array
  audit: AuditService
  log: Logger
  nowMs?: () => number
}) {
  const nowMs = deps.nowMs ?? Date.now
  const tiers = tiersFor(deps.config.authMethod)
  const failures = createOncePerWindow({ windowMs: FAILURE_WINDOW_MS, maxKeys: MAX_REMEMBERED, nowMs })
  const successes = createOncePerWindow({ windowMs: SUCCESS_WINDOW_MS, maxKeys: MAX_REMEMBERED, nowMs })

  /** A header identity counts only while its switch is on, whatever the request says (DESIGN.md 5.5). */
  const fromHeader = (value: string | null, header: string, isTrusted: boolean, method: Tier): TierOutcome => {
    if (value === null) return null
    if (!isTrusted) return { failure: `${header} sent but not trusted` }
    const name = readUserName(value)
    return name === undefined ? { failure: `${header} is not a valid user name` } : { identity: { id: name, method, display: name } }
  }

  const tryTier = async (tier: Tier, credentials: Credentials): Promise<TierOutcome> => {
    switch (tier) {
      case 'api_key': {
        if (credentials.apiKeys.length === 0) return null
        const key = deps.dashboardApiKey.current()
        if (!key) return { failure: 'no dashboard API key is set' }
        return credentials.apiKeys.some((presented) => constantTimeEqual(presented, key))
          ? { identity: API_KEY_IDENTITY }
          : { failure: 'wrong API key' }
      }
      case 'proxy_header':
        return fromHeader(credentials.proxyUser, 'x-auth-user', deps.settings.value('trust_proxy_headers'), tier)
      case 'forwarded_user':
        return fromHeader(credentials.forwardedUser, 'X-Forwarded-User', deps.settings.value('trust_forwarded_user'), tier)
      case 'oidc': {
        if (credentials.sessionToken === null) return null
        const verdict = await verifySessionToken(credentials.sessionToken, deps.sessionSecret)
        return 'failure' in verdict ? verdict : { identity: { id: verdict.subject, method: 'oidc', display: verdict.subject } }
      }
    }
  }

  const noteSuccess = (identity: Identity, clientAddress: string) => {
    if (!successes.admit(`${identity.method}\0${identity.id}`)) return
    deps.log.info('dashboard sign-in', { method: identity.method, id: identity.id, clientAddress })
    deps.audit.record({ kind: 'auth', key: identity.method, action: 'auth_succeeded', newValue: clientAddress, changedBy: identity.id })
  }

  const noteFailure = (tier: Tier | 'none', reason: string, clientAddress: string) => {
    if (!failures.admit(`${clientAddress}\0${reason}`)) return
    deps.log.warn('dashboard authentication failed', { tier, reason, clientAddress })
    deps.audit.record({ kind: 'auth', key: tier, action: 'auth_failed', newValue: reason, changedBy: clientAddress })
  }

  return {
    /** The session cookie's name now (sso_cookie_name, overridable). */
    cookieName: (): string => deps.settings.value('sso_cookie_name'),

    /** The identity, ANONYMOUS when auth is off, or null when auth is enforced and no tier matched. */
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

    /** Whether a /login form's key is the dashboard API key; audited like tier 1 of a request. */
    async signInWithKey(key: string, clientAddress: string): Promise<boolean> {
      const outcome = await tryTier('api_key', { apiKeys: [key], proxyUser: null, forwardedUser: null, sessionToken: null, clientAddress })
      if (outcome && 'identity' in outcome) {
        noteSuccess(outcome.identity, clientAddress)
        return true
      }
      noteFailure('api_key', outcome?.failure ?? 'no credentials', clientAddress)
      return false
    },

    /** Whether /login is offered: auth is enforced and the session cookie is one of its tiers. */
    offersLogin: (): boolean => deps.config.requireAuth && tiers.includes('oidc'),

    /**
     * The Set-Cookie value of a new tier-4 session for `subject` (HS256, exp = now + SSO_SESSION_TTL,
     * HttpOnly, SameSite=Lax, Path=/), for the /login page of AUTH_METHOD=forms.
     */
    async issueSessionCookie(subject: string): Promise<string> {
      const ttlMs = deps.config.ssoSessionTtlMs
      const token = await signSessionToken(subject, deps.sessionSecret, ttlMs, nowMs())
      return sessionCookie(deps.settings.value('sso_cookie_name'), token, ttlMs)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
