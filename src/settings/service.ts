import { createTurns } from '../in-turn'
import type { Logger, LogLevel } from '../log'
import type { Overrides, SettingDefaults, SettingEntry } from './model'
import { readOverrides } from './read-overrides'
import type { SettingsStore } from './store-port'

/**
 * The core's run-time settings: each read returns the override when there is one, else the
 * environment's value, so a change applies to the next request without a restart. Overrides are
 * kept in the store (they survive a restart) and in memory (reads are per request, synchronous):
 * loaded here, again when another process changes them, and swapped after each apply is stored.
 */
export async function createRuntimeSettings(deps: {
  store: SettingsStore
  defaults: SettingDefaults
  /** Told the level in force at start and after each change (the process's log threshold). */
  onLogLevel: (level: LogLevel) => void
  log: Logger
}) {
  // Rows stored by an older build may name a key or value this one refuses; they are skipped, not fatal.
  const load = async (): Promise<Overrides> => {
    const overrides: Overrides = {}
    for (const entry of await deps.store.load()) {
      try {
        Object.assign(overrides, readOverrides([entry]))
      } catch {
        deps.log.warn('stored setting override ignored', { key: entry.key })
      }
    }
    return overrides
  }
  let overrides = await load()
  const logLevel = (): LogLevel => overrides.log_level ?? deps.defaults.logLevel
  deps.onLogLevel(logLevel())
  const inTurn = createTurns()
  deps.store.onExternalChange(() => {
    inTurn(async () => {
      overrides = await load()
      deps.onLogLevel(logLevel())
    }).catch((err) => deps.log.warn('setting overrides changed elsewhere not reloaded', { err }))
  })

  return {
    /** The key the Torznab feed, /import and the evidence intake require; undefined leaves them open. */
    torznabApiKey: (): string | undefined => overrides.torznab_api_key ?? deps.defaults.torznabApiKey,
    /** The key the content enrichment looks titles up with; it reads this at every step, so a change applies at once. */
    artworkApiKey: (): string | undefined => overrides.artwork_api_key ?? deps.defaults.artworkApiKey,
    logLevel,
    /**
     * Replaces every override with `entries` (an empty list clears them). Rejects with
     * InvalidSettingError, changing nothing, when any entry is unknown or invalid.
     */
    apply(entries: SettingEntry[]): Promise<void> {
      return inTurn(async () => {
        const next = readOverrides(entries)
        // Every value was accepted as it is, so the entries are what is stored.
        await deps.store.replaceAll(
          entries.map(({ key, value }) => ({ key, value })),
          new Date().toISOString(),
        )
        overrides = next
        deps.onLogLevel(logLevel())
        // Keys only: values may be API keys.
        deps.log.info('setting overrides applied', { keys: Object.keys(next) })
      })
    },
  }
}

export type RuntimeSettings = Awaited<ReturnType<typeof createRuntimeSettings>>
