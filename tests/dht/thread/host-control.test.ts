/**
 * The crawler host's pause over its control store, in process and without starting the thread:
 * the pause it was built with, a save that fails changing nothing, and a pause made in another
 * process (a store that reports one) followed.
 */
import { expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config'
import { type CrawlerPauseStore, createCrawlerHost } from '../../../src/dht'
import type { IngestPipeline } from '../../../src/ingest'
import { createWorkerRegistry } from '../../../src/queue'
import { StoreError } from '../../../src/store'
import { quietLog } from '../../support/test-index'

/** A control store held in memory; `changeElsewhere` plays another process saving a pause. */
function memoryControl(initial: boolean) {
  let paused = initial
  let failing = false
  const listeners = new Set<() => void>()
  const saves: boolean[] = []
  const store: CrawlerPauseStore = {
    isPaused: async () => paused,
    async savePaused(next) {
      if (failing) throw new StoreError('disk I/O error')
      saves.push(next)
      paused = next
    },
    onExternalChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    store,
    saves,
    failNextSaves: () => {
      failing = true
    },
    changeElsewhere(next: boolean) {
      paused = next
      for (const listener of listeners) listener()
    },
    listening: () => listeners.size,
  }
}

function hostOver(control: CrawlerPauseStore, paused: boolean) {
  const { enabled: _, ...dht } = loadConfig({}).dht
  return createCrawlerHost({
    settings: { ...dht, clientName: 'test', logLevel: 'error', limits: loadConfig({}).ingest.limits },
    readers: { knownHashes: 'unused', dueSwarms: null },
    threadUrl: 'unused',
    pipeline: {} as IngestPipeline,
    metrics: { observeCrawler: () => {} },
    workers: createWorkerRegistry(),
    control,
    paused,
    log: quietLog,
    nowMs: () => Date.UTC(2026, 0, 1),
  })
}

test('the host starts with the pause it was given, and a pause is saved before it applies', async () => {
  const control = memoryControl(true)
  const host = hostOver(control.store, true)
  expect(host.status()).toMatchObject({ paused: true, mode: 'paused' })
  expect(await host.setPaused(false)).toMatchObject({ paused: false, mode: 'crawling' })
  expect(control.saves).toEqual([false])
  expect(await control.store.isPaused()).toBe(false)
  await host.stop()
})

test('a pause the store cannot save is refused and changes nothing', async () => {
  const control = memoryControl(false)
  const host = hostOver(control.store, false)
  control.failNextSaves()
  await expect(host.setPaused(true)).rejects.toBeInstanceOf(StoreError)
  expect(host.status()).toMatchObject({ paused: false, mode: 'crawling' })
  await host.stop()
})

test('a pause saved by another process is read back and applied; a stopped host stops listening', async () => {
  const control = memoryControl(false)
  const host = hostOver(control.store, false)
  control.changeElsewhere(true)
  await Bun.sleep(0)
  expect(host.status()).toMatchObject({ paused: true, mode: 'paused' })
  control.changeElsewhere(false)
  await Bun.sleep(0)
  expect(host.status()).toMatchObject({ paused: false, mode: 'crawling' })
  await host.stop()
  expect(control.listening()).toBe(0)
})
