import { describe, expect, test } from 'bun:test'
import { CORE_SETTING_KEYS, isCoreSettingKey, isSettingKey, SETTING_KEYS, SETTINGS } from '../../src/vocabulary'

describe('setting keys', () => {
  test('lists every run-time setting, in the order the dashboard shows them', () => {
    expect(SETTING_KEYS).toEqual([
      'torznab_api_key',
      'core_metrics_url',
      'sso_cookie_name',
      'artwork_api_key',
      'core_graphql_url',
      'trust_proxy_headers',
      'trust_forwarded_user',
      'log_level',
    ])
  })

  test('the core takes the keys it honours, alone or with the dashboard', () => {
    expect(CORE_SETTING_KEYS).toEqual(['torznab_api_key', 'artwork_api_key', 'log_level'])
    for (const key of SETTING_KEYS)
      expect({ key, core: isCoreSettingKey(key) }).toEqual({ key, core: SETTINGS[key].honouredBy !== 'dashboard' })
  })

  test('the keys are secrets exactly where they hold a key', () => {
    expect(SETTING_KEYS.filter((key) => SETTINGS[key].isSecret)).toEqual(['torznab_api_key', 'artwork_api_key'])
  })

  test('no other text is a key: not another case, nor a name every object inherits', () => {
    for (const key of ['LOG_LEVEL', 'log-level', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect({ key, setting: isSettingKey(key), core: isCoreSettingKey(key) }).toEqual({ key, setting: false, core: false })
  })
})
