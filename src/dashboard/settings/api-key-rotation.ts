import { maskSecret } from '../../config'
import type { AuditService } from '../audit'
import type { DashboardApiKey, SessionLifecycle } from '../auth'
import type { ApiKeyTarget, SettingChange } from './model'
import type { SettingsService } from './service'

/** Spec 5.2.6: 32 random bytes as 64 hex characters. */
const newApiKey = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')

/**
 * POST /api/settings/regenerate-api-key (DESIGN.md 3.8): a new key, valid from the next request,
 * the old one refused at once, no restart. The key is in the answer only; the audit shows it masked.
 * A new dashboard key also ends every session signed in before it (issue 29.5): whoever held the
 * old key may have signed in with it.
 */
export function createApiKeyRotation(deps: {
  settings: Pick<SettingsService, 'setOverride'>
  dashboardApiKey: DashboardApiKey
  sessions: Pick<SessionLifecycle, 'endAll'>
  audit: AuditService
}) {
  return {
    async regenerate(
      target: ApiKeyTarget,
      changedBy: string,
    ): Promise<{ target: ApiKeyTarget; api_key: string } & Pick<SettingChange, 'core_sync' | 'message'>> {
      const apiKey = newApiKey()
      if (target === 'torznab') {
        // An override like any other: audited, and pushed to the core before this answers.
        const { core_sync, message } = await deps.settings.setOverride('torznab_api_key', apiKey, changedBy)
        return { target, api_key: apiKey, ...(core_sync && { core_sync }), ...(message && { message }) }
      }
      const old = deps.dashboardApiKey.current()
      // Sessions end first: a failed write after it leaves the old key with no session, never a new key with old sessions.
      deps.sessions.endAll()
      deps.dashboardApiKey.replace(apiKey)
      deps.audit.record({
        kind: 'setting',
        key: 'dashboard_api_key',
        action: 'api_key_regenerated',
        oldValue: old === undefined ? null : maskSecret(old),
        newValue: maskSecret(apiKey),
        changedBy,
      })
      return { target, api_key: apiKey }
    },
  }
}

export type ApiKeyRotation = ReturnType<typeof createApiKeyRotation>
