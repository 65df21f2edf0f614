import { SETTING_RULES } from '../config'
import { InvalidSettingError } from './errors'
import { CORE_SETTING_KEYS, type CoreSettingKey, isCoreSettingKey } from '../vocabulary'
import type { Overrides, SettingEntry } from './model'

/**
 * A value as the dashboard's allowlist rules take it (DESIGN.md 3.22, src/config), exactly: the
 * dashboard sends what it validated, so a value that needs trimming did not come from it.
 */
const read = (key: CoreSettingKey, value: string): string | undefined => (SETTING_RULES[key].parse(value) === value ? value : undefined)

/**
 * The overrides a list of entries asks for, every entry checked before any is used, so a list
 * with one bad entry changes nothing. Throws InvalidSettingError naming the entry's field.
 */
export function readOverrides(entries: SettingEntry[], listName = 'settings'): Overrides {
  const overrides: Record<string, string> = {}
  entries.forEach(({ key, value }, index) => {
    if (!isCoreSettingKey(key))
      throw new InvalidSettingError(
        `${listName}[${index}].key`,
        `unknown setting ${JSON.stringify(key)}; one of ${CORE_SETTING_KEYS.join(', ')}`,
      )
    if (key in overrides) throw new InvalidSettingError(`${listName}[${index}].key`, `${key} is given twice`)
    const accepted = read(key, value)
    // The value is not echoed: it may be a key.
    if (accepted === undefined) throw new InvalidSettingError(`${listName}[${index}].value`, `${key} must be ${SETTING_RULES[key].accepts}`)
    overrides[key] = accepted
  })
  return overrides as Overrides
}
