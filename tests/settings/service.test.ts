import { describe, expect, test } from 'bun:test'
import { openIndex } from '../../src/store/sqlite'
import type { LogLevel } from '../../src/log'
import { createRuntimeSettings, createSettingsRepository, InvalidSettingError } from '../../src/settings'
import { openTestIndex, quietLog } from '../support/test-index'

const ENV = { torznabApiKey: 'env-key-0123456789abcdef', logLevel: 'info' as LogLevel, artworkApiKey: undefined }

function open(path?: string) {
  const index = path ? { db: openIndex(path, quietLog), path } : openTestIndex()
  const levels: LogLevel[] = []
  const lines: string[] = []
  const settings = createRuntimeSettings({
    repository: createSettingsRepository(index.db),
    defaults: ENV,
    onLogLevel: (level) => levels.push(level),
    log: { ...quietLog, info: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })) },
  })
  return { ...index, settings, levels, lines }
}

function refusal(run: () => void): InvalidSettingError {
  try {
    run()
  } catch (err) {
    if (err instanceof InvalidSettingError) return err
    throw err
  }
  throw new Error('not refused')
}

describe('createRuntimeSettings', () => {
  test('without overrides, every setting is its environment value', () => {
    const { settings, levels } = open()
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    expect(settings.artworkApiKey()).toBeUndefined()
    expect(settings.logLevel()).toBe('info')
    expect(levels).toEqual(['info'])
  })

  test('apply replaces the whole set: a key left out reverts to its environment value', () => {
    const { settings, levels } = open()
    settings.apply([
      { key: 'torznab_api_key', value: 'override-key-0123456789' },
      { key: 'log_level', value: 'debug' },
      { key: 'artwork_api_key', value: 'artwork-key-0123456789' },
    ])
    expect(settings.torznabApiKey()).toBe('override-key-0123456789')
    expect(settings.artworkApiKey()).toBe('artwork-key-0123456789')
    expect(settings.logLevel()).toBe('debug')
    settings.apply([{ key: 'log_level', value: 'warn' }])
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    expect(settings.artworkApiKey()).toBeUndefined()
    settings.apply([])
    expect(settings.logLevel()).toBe('info')
    expect(levels).toEqual(['info', 'debug', 'warn', 'info'])
  })

  test('overrides survive a restart', () => {
    const first = open()
    first.settings.apply([
      { key: 'torznab_api_key', value: 'override-key-0123456789' },
      { key: 'log_level', value: 'error' },
    ])
    first.db.close()
    const again = open(first.path)
    expect(again.settings.torznabApiKey()).toBe('override-key-0123456789')
    expect(again.settings.logLevel()).toBe('error')
    expect(again.levels).toEqual(['error'])
  })

  test('a bad entry names its field and changes nothing', () => {
    const { settings } = open()
    settings.apply([{ key: 'log_level', value: 'debug' }])
    const cases: [{ key: string; value: string }[], string][] = [
      [[{ key: 'no_such_key', value: 'x' }], 'settings[0].key'],
      [
        [
          { key: 'log_level', value: 'info' },
          { key: 'log_level', value: 'warn' },
        ],
        'settings[1].key',
      ],
      [[{ key: 'log_level', value: 'verbose' }], 'settings[0].value'],
      [[{ key: 'log_level', value: 'INFO ' }], 'settings[0].value'],
      [
        [
          { key: 'log_level', value: 'warn' },
          { key: 'torznab_api_key', value: 'short' },
        ],
        'settings[1].value',
      ],
      [[{ key: 'torznab_api_key', value: 'has a space 0123456789' }], 'settings[0].value'],
      [[{ key: 'torznab_api_key', value: 'x'.repeat(129) }], 'settings[0].value'],
      [[{ key: 'artwork_api_key', value: 'ключ-не-ascii-0123456789' }], 'settings[0].value'],
    ]
    for (const [entries, field] of cases) {
      const error = refusal(() => settings.apply(entries))
      expect(error.field).toBe(field)
      expect(error.message).toStartWith(`${field}: `)
    }
    expect(settings.logLevel()).toBe('debug')
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    // 16 and 128 printable characters are both fine.
    settings.apply([{ key: 'torznab_api_key', value: '!'.repeat(16) }])
    settings.apply([{ key: 'torznab_api_key', value: '~'.repeat(128) }])
  })

  test('never writes a key value to the log', () => {
    const { settings, lines } = open()
    settings.apply([{ key: 'torznab_api_key', value: 'secret-key-0123456789' }])
    refusal(() => settings.apply([{ key: 'artwork_api_key', value: 'secret but bad' }]))
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toContain('secret')
  })

  test('a stored override this build refuses is skipped at start', () => {
    const first = open()
    first.db.sqlite.run("INSERT INTO runtime_settings VALUES ('log_level', 'loud', 'x'), ('retired_key', 'y', 'x')")
    first.db.close()
    const again = open(first.path)
    expect(again.settings.logLevel()).toBe('info')
  })
})
