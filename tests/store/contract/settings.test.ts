/** The run-time settings' store, on every adapter: the overrides are one set, replaced whole. */
import { expect, test } from 'bun:test'
import { openStore } from '../../../src/store'
import { describeStoreContract } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

describeStoreContract('SettingsStore', (adapter) => {
  test('a new index holds no override; a replaced set is loaded as it was given, and survives a reopen', async () => {
    const config = await adapter.freshConfig()
    const store = await openStore(config, { log: quietLog })
    expect(await store.settings.load()).toEqual([])
    const entries = [
      { key: 'log_level', value: 'debug' },
      { key: 'torznab_api_key', value: 'quote\'and "ключ"' },
    ]
    await store.settings.replaceAll(entries, '2026-01-01T00:00:00.000Z')
    await store.close()
    const again = await openStore(config, { log: quietLog })
    try {
      const loaded = await again.settings.load()
      expect(loaded.sort((a, b) => a.key.localeCompare(b.key))).toEqual(entries)
    } finally {
      await again.close()
    }
  })

  test('replaceAll drops the keys it is not given, and an empty set clears them all', async () => {
    const store = await openStore(await adapter.freshConfig(), { log: quietLog })
    try {
      await store.settings.replaceAll(
        [
          { key: 'log_level', value: 'debug' },
          { key: 'artwork_api_key', value: 'artwork-key-0123456789' },
        ],
        '2026-01-01T00:00:00.000Z',
      )
      await store.settings.replaceAll([{ key: 'log_level', value: 'warn' }], '2026-01-02T00:00:00.000Z')
      expect(await store.settings.load()).toEqual([{ key: 'log_level', value: 'warn' }])
      await store.settings.replaceAll([], '2026-01-03T00:00:00.000Z')
      expect(await store.settings.load()).toEqual([])
    } finally {
      await store.close()
    }
  })

  test('replacements from two stores on one index at once all succeed, and the set left is one of them whole', async () => {
    const config = await adapter.freshConfig()
    const [first, second] = [await openStore(config, { log: quietLog }), await openStore(config, { log: quietLog })]
    try {
      const sets = [
        [{ key: 'log_level', value: 'debug' }],
        [
          { key: 'log_level', value: 'warn' },
          { key: 'torznab_api_key', value: 'key-0123456789' },
        ],
      ]
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? first : second).settings.replaceAll(sets[i % sets.length]!, '2026-01-01T00:00:00.000Z'),
        ),
      )
      const left = (await first.settings.load()).sort((a, b) => a.key.localeCompare(b.key))
      expect(sets).toContainEqual(left)
    } finally {
      await second.close()
      await first.close()
    }
  })

  test('a set that cannot be stored whole is not stored at all: the previous set stays', async () => {
    const store = await openStore(await adapter.freshConfig(), { log: quietLog })
    try {
      await store.settings.replaceAll([{ key: 'log_level', value: 'debug' }], '2026-01-01T00:00:00.000Z')
      const twice = [
        { key: 'log_level', value: 'warn' },
        { key: 'log_level', value: 'error' },
      ]
      await expect(store.settings.replaceAll(twice, '2026-01-02T00:00:00.000Z')).rejects.toMatchObject({ code: 'store_failed' })
      expect(await store.settings.load()).toEqual([{ key: 'log_level', value: 'debug' }])
    } finally {
      await store.close()
    }
  })
})
