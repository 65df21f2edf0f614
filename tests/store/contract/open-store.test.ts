/** The smoke contract every store adapter keeps: openStore migrates the index, reports its version and closes. */
import { expect, test } from 'bun:test'
import { createLogger, type Logger } from '../../../src/log'
import { openStore } from '../../../src/store'
import { describeStoreContract } from '../../support/store-contract'

function recordingLog(): { log: Logger; messages: () => string[] } {
  const lines: string[] = []
  return {
    log: createLogger({ level: 'info', sink: (line) => lines.push(line) }),
    messages: () => lines.map((line) => JSON.parse(line).msg),
  }
}

describeStoreContract('openStore', (adapter) => {
  test('a new index is migrated to the newest version, and the log says migrations were applied', async () => {
    const { log, messages } = recordingLog()
    const store = await openStore(await adapter.freshConfig(), { log })
    try {
      expect(await store.schemaVersion()).toBe(adapter.newestVersion)
      expect(messages()).toEqual(['migrations applied'])
    } finally {
      await store.close()
    }
  })

  test('opened again after close, the index keeps its version and nothing is applied twice', async () => {
    const config = await adapter.freshConfig()
    await (await openStore(config, { log: recordingLog().log })).close()
    const { log, messages } = recordingLog()
    const store = await openStore(config, { log })
    try {
      expect(await store.schemaVersion()).toBe(adapter.newestVersion)
      expect(messages()).toEqual([])
    } finally {
      await store.close()
    }
  })

  test('a closed store answers no more calls', async () => {
    const store = await openStore(await adapter.freshConfig(), { log: recordingLog().log })
    await store.close()
    await expect(store.schemaVersion()).rejects.toThrow()
  })
})
