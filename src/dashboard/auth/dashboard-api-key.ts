import type { StateRepository } from '../store'

/**
 * The tier-1 key: a rotated one kept in dashboard_state wins over DASHBOARD_API_KEY, so a rotation
 * survives a restart and the environment's key stops working the moment it is replaced.
 */
export function createDashboardApiKey(deps: { state: StateRepository; envKey: string | undefined }) {
  let current = deps.state.get('dashboard_api_key') ?? deps.envKey
  return {
    /** Undefined: no key is set, so tier 1 matches nothing. */
    current: (): string | undefined => current,
    replace(key: string): void {
      deps.state.set('dashboard_api_key', key)
      current = key
    },
  }
}

export type DashboardApiKey = ReturnType<typeof createDashboardApiKey>
