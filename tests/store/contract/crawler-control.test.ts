/** The crawler control's store, on every adapter: the operator's pause, kept across a reopen. */
import { expect, test } from 'bun:test'
import { openStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'
import { quietLog } from '../../support/test-index'

describeStoreContract('CrawlerControlStore', (adapter) => {
  test('a new index is not paused; the last pause or resume saved is what a reopened store reads', async () => {
    const config = await adapter.freshConfig()
    const store = await openStore(config, { log: quietLog })
    expect(await store.crawlerControl.isPaused()).toBe(false)
    await store.crawlerControl.savePaused(true, '2026-01-01T00:00:00.000Z')
    expect(await store.crawlerControl.isPaused()).toBe(true)
    await store.close()
    const again = await openStore(config, { log: quietLog })
    try {
      expect(await again.crawlerControl.isPaused()).toBe(true)
      await again.crawlerControl.savePaused(false, '2026-01-02T00:00:00.000Z')
      await again.crawlerControl.savePaused(false, '2026-01-03T00:00:00.000Z')
      expect(await again.crawlerControl.isPaused()).toBe(false)
    } finally {
      await again.close()
    }
  })

  test("the store's own saves are not reported as changes made elsewhere", () =>
    withFreshStore(adapter, async (store) => {
      let told = 0
      const stop = store.crawlerControl.onExternalChange(() => told++)
      await store.crawlerControl.savePaused(true, '2026-01-01T00:00:00.000Z')
      await store.crawlerControl.savePaused(false, '2026-01-01T00:00:01.000Z')
      stop()
      expect(told).toBe(0)
    }))
})
