import { LOG_LEVELS } from '../log'
import { InvalidSettingError } from './errors'
import { type Overrides, SETTING_KEYS, type SettingEntry, type SettingKey } from './model'

/** DESIGN.md 3.22: 16-128 printable ASCII characters, no spaces (a key travels in URLs and headers). */
const API_KEY = /^[\x21-\x7e]{16,128}$/

const readers: Record<SettingKey, (value: string) => string | undefined> = {
  torznab_api_key: (value) => (API_KEY.test(value) ? value : undefined),
  artwork_api_key: (value) => (API_KEY.test(value) ? value : undefined),
  log_level: (value) => ((LOG_LEVELS as readonly string[]).includes(value) ? value : undefined),
}

const accepts: Record<SettingKey, string> = {
  torznab_api_key: '16 to 128 printable characters without spaces',
  artwork_api_key: '16 to 128 printable characters without spaces',
  log_level: LOG_LEVELS.join(', '),
}

const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as readonly string[]).includes(key)

/**
 * The overrides a list of entries asks for, every entry checked before any is used, so a list
 * with one bad entry changes nothing. Throws InvalidSettingError naming the entry's field.
 */
export function readOverrides(entries: SettingEntry[], listName = 'settings'): Overrides {
  const overrides: Record<string, string> = {}
  entries.forEach(({ key, value }, index) => {
    if (!isSettingKey(key))
      throw new InvalidSettingError(
        `${listName}[${index}].key`,
        `unknown setting ${JSON.stringify(key)}; one of ${SETTING_KEYS.join(', ')}`,
      )
    if (key in overrides) throw new InvalidSettingError(`${listName}[${index}].key`, `${key} is given twice`)
    const read = readers[key](value)
    // The value is not echoed: it may be a key.
    if (read === undefined) throw new InvalidSettingError(`${listName}[${index}].value`, `${key} must be ${accepts[key]}`)
    overrides[key] = read
  })
  return overrides as Overrides
}
