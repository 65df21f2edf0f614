import type { Logger } from '../../log'
import { type CoreClient, CoreQueryError, CoreRefusedError, CoreUnavailableError } from '../core-client'
import type { CoreSettingEntry } from './model'

/** The core replaces all its overrides with the list; a key left out takes the core's env value again. */
const APPLY_SETTINGS = 'mutation($settings:[SettingInput!]!){ applySettings(settings:$settings) }'

/** Whether the core took a set of overrides, or could not be reached (it is sent again when it is back). */
export type CoreSyncOutcome = 'applied' | 'unreachable'

/**
 * Pushes the overrides the core honours to it. Work given to `serial` runs one at a time, so a
 * change and the push it waits on never interleave with another's: the core cannot get two quick
 * changes in the wrong order, nor a set that misses one of them.
 */
export function createCoreSettingsSync(deps: { core: Pick<CoreClient, 'query'>; log: Logger }) {
  let last: Promise<unknown> = Promise.resolve()
  return {
    serial<T>(work: () => Promise<T>): Promise<T> {
      const run = last.then(work, work)
      last = run.catch(() => {})
      return run
    },

    /** Sends `settings` as the core's whole set. Rejects with CoreRefusedError when the core answers no. */
    async push(settings: CoreSettingEntry[]): Promise<CoreSyncOutcome> {
      try {
        await deps.core.query(APPLY_SETTINGS, { settings })
      } catch (err) {
        if (err instanceof CoreUnavailableError) {
          deps.log.warn('setting overrides not pushed to the core; a later sync will', { err })
          return 'unreachable'
        }
        if (err instanceof CoreQueryError || err instanceof CoreRefusedError)
          throw new CoreRefusedError(`the core refused the change, which was not made: ${err.message}`)
        throw err
      }
      // Keys only: the values include API keys.
      deps.log.info('setting overrides pushed to the core', { keys: settings.map((entry) => entry.key) })
      return 'applied'
    },
  }
}
