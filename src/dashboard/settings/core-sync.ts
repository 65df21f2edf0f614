import type { Logger } from '../../log'
import type { CoreClient } from '../core-client'
import type { CoreSettingEntry } from './model'

/** The core replaces all its overrides with the list; a key left out takes the core's env value again. */
const APPLY_SETTINGS = 'mutation($settings:[SettingInput!]!){ applySettings(settings:$settings) }'

/**
 * Pushes the overrides the core honours to it. Pushes run one at a time and each sends the set as
 * it is when it runs, so two quick changes cannot reach the core in the wrong order. A core that
 * cannot be reached is logged, not thrown: the override stays stored and a later sync sends it.
 */
export function createCoreSettingsSync(deps: { core: Pick<CoreClient, 'query'>; entries: () => CoreSettingEntry[]; log: Logger }) {
  let last: Promise<void> = Promise.resolve()
  const push = async (): Promise<void> => {
    const settings = deps.entries()
    try {
      await deps.core.query(APPLY_SETTINGS, { settings })
      // Keys only: the values include API keys.
      deps.log.info('setting overrides pushed to the core', { keys: settings.map((entry) => entry.key) })
    } catch (err) {
      deps.log.warn('setting overrides not pushed to the core; a later sync will', { err })
    }
  }
  return {
    sync(): Promise<void> {
      last = last.then(push)
      return last
    },
  }
}
