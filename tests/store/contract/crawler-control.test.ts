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

  test('the storage cap’s full state is kept beside the pause, each leaving the other as it was', () =>
    withFreshStore(adapter, async (store) => {
      const control = store.crawlerControl
      expect(await control.storageFull()).toBeNull()
      await control.saveStorageFull('the index is full: 2 bytes in use', '2026-01-01T00:00:00.000Z')
      expect({ full: await control.storageFull(), paused: await control.isPaused() }).toEqual({
        full: 'the index is full: 2 bytes in use',
        paused: false,
      })
      await control.savePaused(true, '2026-01-01T00:00:01.000Z')
      expect(await control.storageFull()).toBe('the index is full: 2 bytes in use')
      await control.saveStorageFull(null, '2026-01-01T00:00:02.000Z')
      expect({ full: await control.storageFull(), paused: await control.isPaused() }).toEqual({ full: null, paused: true })
    }))

  test('a crawler report replaces its previous one; reports read since a time leave out older ones; a withdrawn one is gone', () =>
    withFreshStore(adapter, async (store) => {
      const status = (routingNodes: number) => ({
        running: true,
        port: 6881,
        warning: null,
        routingNodes,
        mode: 'crawling' as const,
        paused: false,
        schedule: '01:00-07:00',
      })
      const control = store.crawlerControl
      await control.saveReport({ crawlerId: 'nas/1/aaaa', status: status(10), reportedAtMs: 1_000 })
      await control.saveReport({ crawlerId: 'nas/1/aaaa', status: status(20), reportedAtMs: 2_000 })
      await control.saveReport({
        crawlerId: 'box/7/bbbb',
        status: { ...status(5), warning: { code: 'no_responses', message: "it's quiet", at: 1 } },
        reportedAtMs: 1_500,
      })
      expect(await control.reportsSince(0)).toEqual([
        {
          crawlerId: 'box/7/bbbb',
          status: { ...status(5), warning: { code: 'no_responses', message: "it's quiet", at: 1 } },
          reportedAtMs: 1_500,
        },
        { crawlerId: 'nas/1/aaaa', status: status(20), reportedAtMs: 2_000 },
      ])
      expect((await control.reportsSince(1_501)).map((report) => report.crawlerId)).toEqual(['nas/1/aaaa'])
      await control.deleteReport('nas/1/aaaa')
      await control.deleteReport('never-reported')
      expect((await control.reportsSince(0)).map((report) => report.crawlerId)).toEqual(['box/7/bbbb'])
    }))
})
