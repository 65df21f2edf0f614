import { describe, expect, test } from 'bun:test'
import { openSqliteStore } from '../../src/store/sqlite'
import type { LogLevel } from '../../src/log'
import { createRuntimeSettings, InvalidSettingError, type SettingsStore } from '../../src/settings'
import { openTestIndex, quietLog, sqliteOf } from '../support/test-index'

const ENV = { torznabApiKey: 'env-key-0123456789abcdef', logLevel: 'info' as LogLevel, artworkApiKey: undefined }

async function open(path?: string) {
  const index = path ? { store: openSqliteStore({ path }, { log: quietLog }), path } : openTestIndex()
  const levels: LogLevel[] = []
  const lines: string[] = []
  const settings = await createRuntimeSettings({
    store: index.store.settings,
    defaults: ENV,
    onLogLevel: (level) => levels.push(level),
    log: { ...quietLog, info: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })) },
  })
  return { ...index, db: sqliteOf(index.store), settings, levels, lines }
}

async function refusal(run: () => Promise<unknown>): Promise<InvalidSettingError> {
  try {
    await run()
  } catch (err) {
    if (err instanceof InvalidSettingError) return err
    throw err
  }
  throw new Error('not refused')
}

describe('createRuntimeSettings', () => {
  test('without overrides, every setting is its environment value', async () => {
    const { settings, levels } = await open()
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    expect(settings.artworkApiKey()).toBeUndefined()
    expect(settings.logLevel()).toBe('info')
    expect(levels).toEqual(['info'])
  })

  test('apply replaces the whole set: a key left out reverts to its environment value', async () => {
    const { settings, levels } = await open()
    await settings.apply([
      { key: 'torznab_api_key', value: 'override-key-0123456789' },
      { key: 'log_level', value: 'debug' },
      { key: 'artwork_api_key', value: 'artwork-key-0123456789' },
    ])
    expect(settings.torznabApiKey()).toBe('override-key-0123456789')
    expect(settings.artworkApiKey()).toBe('artwork-key-0123456789')
    expect(settings.logLevel()).toBe('debug')
    await settings.apply([{ key: 'log_level', value: 'warn' }])
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    expect(settings.artworkApiKey()).toBeUndefined()
    await settings.apply([])
    expect(settings.logLevel()).toBe('info')
    expect(levels).toEqual(['info', 'debug', 'warn', 'info'])
  })

  test('overrides survive a restart', async () => {
    const first = await open()
    await first.settings.apply([
      { key: 'torznab_api_key', value: 'override-key-0123456789' },
      { key: 'log_level', value: 'error' },
    ])
    first.db.close()
    const again = await open(first.path)
    expect(again.settings.torznabApiKey()).toBe('override-key-0123456789')
    expect(again.settings.logLevel()).toBe('error')
    expect(again.levels).toEqual(['error'])
  })

  test('a bad entry names its field and changes nothing', async () => {
    const { settings } = await open()
    await settings.apply([{ key: 'log_level', value: 'debug' }])
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
      const error = await refusal(() => settings.apply(entries))
      expect(error.field).toBe(field)
      expect(error.message).toStartWith(`${field}: `)
    }
    expect(settings.logLevel()).toBe('debug')
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    // 16 and 128 printable characters are both fine.
    await settings.apply([{ key: 'torznab_api_key', value: '!'.repeat(16) }])
    await settings.apply([{ key: 'torznab_api_key', value: '~'.repeat(128) }])
  })

  test('never writes a key value to the log', async () => {
    const { settings, lines } = await open()
    await settings.apply([{ key: 'torznab_api_key', value: 'secret-key-0123456789' }])
    await refusal(() => settings.apply([{ key: 'artwork_api_key', value: 'secret but bad' }]))
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toContain('secret')
  })

  test('a stored override this build refuses is skipped at start', async () => {
    const first = await open()
    first.db.sqlite.run("INSERT INTO runtime_settings VALUES ('log_level', 'loud', 'x'), ('retired_key', 'y', 'x')")
    first.db.close()
    const again = await open(first.path)
    expect(again.settings.logLevel()).toBe('info')
  })
})

describe('createRuntimeSettings over a shared store', () => {
  test('a change another process stored is loaded when the store says so, log level included', async () => {
    const index = openTestIndex()
    let changedElsewhere = () => {}
    const store: SettingsStore = {
      ...index.store.settings,
      onExternalChange: (listener) => {
        changedElsewhere = listener
        return () => {}
      },
    }
    const levels: LogLevel[] = []
    const settings = await createRuntimeSettings({ store, defaults: ENV, onLogLevel: (level) => levels.push(level), log: quietLog })
    await index.store.settings.replaceAll([{ key: 'log_level', value: 'warn' }], '2026-01-01T00:00:00.000Z')
    expect(settings.logLevel()).toBe('info')
    changedElsewhere()
    await waitUntil(() => settings.logLevel() === 'warn')
    expect(levels).toEqual(['info', 'warn'])
  })

  test('applies that overlap on a slow store are stored and taken in turn: memory ends as the set stored last', async () => {
    const index = openTestIndex()
    const store: SettingsStore = {
      ...index.store.settings,
      // Each write answers later, the first slowest, as a store over the network can.
      replaceAll: async (entries, updatedAt) => {
        await Bun.sleep(entries.length === 2 ? 50 : 0)
        return index.store.settings.replaceAll(entries, updatedAt)
      },
    }
    const settings = await createRuntimeSettings({ store, defaults: ENV, onLogLevel: () => {}, log: quietLog })
    await Promise.all([
      settings.apply([
        { key: 'log_level', value: 'debug' },
        { key: 'torznab_api_key', value: 'override-key-0123456789' },
      ]),
      settings.apply([{ key: 'log_level', value: 'error' }]),
    ])
    expect(settings.logLevel()).toBe('error')
    expect(settings.torznabApiKey()).toBe(ENV.torznabApiKey)
    expect(await index.store.settings.load()).toEqual([{ key: 'log_level', value: 'error' }])
  })
})

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 1000) throw new Error('condition not met')
    await Bun.sleep(5)
  }
}
