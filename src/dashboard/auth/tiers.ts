import type { AuthMethod } from '../../config'
import type { IdentityMethod } from './model'

/** The tiers of spec 5.2, each named by the identity method it yields. */
export type Tier = Exclude<IdentityMethod, 'none'>

const ALL_TIERS: readonly Tier[] = ['api_key', 'proxy_header', 'forwarded_user', 'oidc']

/**
 * The tiers tried, in spec order, for an AUTH_METHOD (DESIGN.md 3.9): unset, all four; `apikey`,
 * the key only; `external`, the key and the proxy headers; `forms`, the key and the session
 * cookie that /login sets. `none` is open, so no tier is ever tried.
 */
export function tiersFor(method: AuthMethod | undefined): readonly Tier[] {
  switch (method) {
    case undefined:
      return ALL_TIERS
    case 'none':
      return []
    case 'apikey':
      return ['api_key']
    case 'external':
      return ['api_key', 'proxy_header', 'forwarded_user']
    case 'forms':
      return ['api_key', 'oidc']
    default: {
      const unknown: never = method
      throw new Error(`unknown AUTH_METHOD ${unknown}`)
    }
  }
}
