import { maskSecret, SETTING_RULES } from '../../config'
import type { Logger, LogLevel } from '../../log'
import { isCoreSettingKey, isSettingKey, SETTING_KEYS, SETTINGS, type SettingKey, type SettingValue } from '../../vocabulary'
import type { AuditService } from '../audit'
import type { CoreClient } from '../core-client'
import { createCoreSettingsSync } from './core-sync'
import { InvalidSettingValueError, UnknownSettingError } from './errors'
import { type CoreSettingEntry, SECRETS_OF_OTHER_HOSTS, type Setting, type SettingChange, type SettingValues } from './model'
import type { SettingsOverrideRepository } from '../store'

export type SettingChangeListener = (key: SettingKey) => void

/** How a value is shown in answers and in the audit log: secrets masked, nothing else changed. */
function shown(key: SettingKey, value: SettingValue | null): SettingValue | null {
  return SETTINGS[key].isSecret && typeof value === 'string' ? maskSecret(value) : value
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Said in a change's answer when the core could not be told (the watch tells it when it is back). */
const PENDING_MESSAGE = 'stored; the core cannot be reached now and is sent the change when it is back'

/**
 * The operator's overrides of the allowlisted settings (DESIGN.md 5.2). Each read returns the
 * override when there is one, else the environment's value, so a change applies to the next
 * request without a restart. A change the core honours is pushed to it before it is kept: one the
 * core refuses is an error and is not kept; one made while the core is down is kept and sent later.
 */
export function createSettingsService(deps: {
  repository: SettingsOverrideRepository
  audit: AuditService
  defaults: SettingValues
  core: Pick<CoreClient, 'query'>
  /** Whether the core is this process's own: only then does it get secrets that belong to other hosts (the TMDB key). */
  isCoreLocal: () => boolean
  /** Told the level in force at start and after each change (the process's log threshold). */
  onLogLevel?: (level: LogLevel) => void
  log: Logger
}) {
  const overrides = new Map<SettingKey, SettingValue>()
  // Rows an older build stored may break today's rules: they are skipped with a warning, not fatal.
  for (const row of deps.repository.all()) {
    const value = isSettingKey(row.key) ? SETTING_RULES[row.key].parse(parseJson(row.value)) : undefined
    if (value === undefined) deps.log.warn('stored setting override ignored', { key: row.key })
    else overrides.set(row.key as SettingKey, value)
  }
  const listeners = new Set<SettingChangeListener>()

  const value = <K extends SettingKey>(key: K): SettingValues[K] => (overrides.get(key) ?? deps.defaults[key]) as SettingValues[K]

  const toSetting = (key: SettingKey): Setting => ({
    key,
    default: shown(key, deps.defaults[key]),
    value: shown(key, value(key)),
    overridden: overrides.has(key),
  })

  const requireKey = (key: string): SettingKey => {
    if (!isSettingKey(key)) throw new UnknownSettingError(key)
    return key
  }

  /** The overrides the core honours, as its applySettings takes them; `from` is the set to read (the stored one by default). */
  const coreOverrides = (from: ReadonlyMap<SettingKey, SettingValue> = overrides): CoreSettingEntry[] =>
    [...from]
      .filter(([key]) => isCoreSettingKey(key) && (!SECRETS_OF_OTHER_HOSTS.has(key) || deps.isCoreLocal()))
      .map(([key, override]) => ({ key, value: String(override) }))

  const coreSync = createCoreSettingsSync({ core: deps.core, log: deps.log })
  deps.onLogLevel?.(value('log_level'))

  /** Stores the change and its audit row together, and tells the listeners. */
  const commit = (key: SettingKey, next: SettingValue | undefined, changedBy: string) => {
    const oldValue = shown(key, value(key))
    deps.repository.inTransaction(() => {
      if (next === undefined) deps.repository.delete(key)
      else deps.repository.set(key, JSON.stringify(next), changedBy)
      const newValue = shown(key, next ?? deps.defaults[key])
      deps.audit.record({
        kind: 'setting',
        key,
        action: next === undefined ? 'override_cleared' : 'override_set',
        oldValue,
        newValue,
        changedBy,
      })
    })
    if (next === undefined) overrides.delete(key)
    else overrides.set(key, next)
    deps.log.info('setting override changed', { key, overridden: next !== undefined, changedBy })
    if (key === 'log_level') deps.onLogLevel?.(value('log_level'))
    for (const listener of listeners) {
      try {
        listener(key)
      } catch (err) {
        deps.log.error('setting change listener failed', { key, err })
      }
    }
  }

  /** The core is told first (with the set as it will be), then the change is kept; a refusal keeps nothing. */
  const change = (key: SettingKey, next: SettingValue | undefined, changedBy: string): Promise<SettingChange> =>
    coreSync.serial(async () => {
      let outcome: 'applied' | 'unreachable' | undefined
      if (isCoreSettingKey(key)) {
        const after = new Map(overrides)
        if (next === undefined) after.delete(key)
        else after.set(key, next)
        outcome = await coreSync.push(coreOverrides(after))
      }
      try {
        commit(key, next, changedBy)
      } catch (err) {
        // Not kept here (a full disk): the core is given back the set the dashboard still has.
        if (outcome === 'applied') await coreSync.push(coreOverrides()).catch(() => undefined)
        throw err
      }
      if (outcome === undefined) return toSetting(key)
      return outcome === 'applied'
        ? { ...toSetting(key), core_sync: 'applied' }
        : { ...toSetting(key), core_sync: 'pending', message: PENDING_MESSAGE }
    })

  return {
    list: (): Setting[] => SETTING_KEYS.map(toSetting),

    /** The effective value, unmasked: for the dashboard's own use, never for an answer. */
    value,

    /**
     * Rejects with UnknownSettingError (404), InvalidSettingValueError (400) or CoreRefusedError
     * (502, nothing kept); resolves once the core has taken it, or is known to be down.
     */
    async setOverride(key: string, raw: unknown, changedBy: string): Promise<SettingChange> {
      const settingKey = requireKey(key)
      const parsed = SETTING_RULES[settingKey].parse(raw)
      if (parsed === undefined) throw new InvalidSettingValueError(settingKey, SETTING_RULES[settingKey].accepts)
      return change(settingKey, parsed, changedBy)
    },

    /** Back to the environment's value; a key that is not overridden is left alone, with no audit row. */
    async clearOverride(key: string, changedBy: string): Promise<SettingChange> {
      const settingKey = requireKey(key)
      return overrides.has(settingKey) ? change(settingKey, undefined, changedBy) : toSetting(settingKey)
    },

    /** The overrides of the keys the core honours, as its applySettings takes them. */
    coreOverrides: (): CoreSettingEntry[] => coreOverrides(),

    /** Pushes the whole set to the core; never throws (a failure is logged). Call it when the core (re)appears. */
    syncCore: (): Promise<void> =>
      coreSync
        .serial(() => coreSync.push(coreOverrides()))
        .then(
          () => undefined,
          (err: unknown) => deps.log.warn('the core refused the stored setting overrides', { err }),
        ),

    /** `listener` is told the key after each change; returns the unsubscribe function. */
    onChange(listener: SettingChangeListener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
