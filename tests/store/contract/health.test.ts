/** The health probe, on every adapter: every part answers on an open store, and a closed one says why. */
import { expect, test } from 'bun:test'
import { openStore } from '../../../src/store'
import { describeStoreContract } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

describeStoreContract('HealthStore', (adapter) => {
  test('an open store answers every probe; once closed, each part reports a reason', async () => {
    const store = await openStore(await adapter.freshConfig(), { log: quietLog })
    expect(await store.health.probe()).toEqual({ db: null, torrent: null, queue: null })
    await store.close()
    const closed = await store.health.probe()
    for (const part of ['db', 'torrent', 'queue'] as const) expect(closed[part]).toEqual(expect.any(String))
  })
})
