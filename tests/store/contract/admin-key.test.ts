/** The core admin key's store, on every adapter: the first key kept wins, for every process on the index. */
import { expect, test } from 'bun:test'
import { openStore } from '../../../src/store'
import { describeStoreContract } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

describeStoreContract('AdminKeyStore', (adapter) => {
  test('the first key offered is kept; a later one, from this store or another on the same index, gets it back', async () => {
    const config = await adapter.freshConfig()
    const first = await openStore(config, { log: quietLog })
    const second = await openStore(config, { log: quietLog })
    try {
      const [a, b] = await Promise.all([
        first.adminKey.keepFirst({ key: 'a'.repeat(64), createdAt: '2026-01-01T00:00:00.000Z' }),
        second.adminKey.keepFirst({ key: 'b'.repeat(64), createdAt: '2026-01-01T00:00:00.000Z' }),
      ])
      expect(a).toBe(b)
      expect(await first.adminKey.keepFirst({ key: 'c'.repeat(64), createdAt: '2026-01-02T00:00:00.000Z' })).toBe(a)
    } finally {
      await second.close()
      await first.close()
    }
    const reopened = await openStore(config, { log: quietLog })
    try {
      expect(['a'.repeat(64), 'b'.repeat(64)]).toContain(
        await reopened.adminKey.keepFirst({ key: 'd'.repeat(64), createdAt: '2026-01-03T00:00:00.000Z' }),
      )
    } finally {
      await reopened.close()
    }
  })
})
