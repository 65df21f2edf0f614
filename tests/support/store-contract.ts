/**
 * The store contracts' harness (issues 31 and 36): a contract is a suite written against
 * openStore and the ports only, and runs once per storage engine (tests/support/engines.ts).
 */
import { type CoreStore, openStore } from '../../src/store'
import { describeOnEngines, type EngineUnderTest } from './engines'
import { quietLog } from './test-index'

/** One engine the contracts run on, as a contract sees it. */
export type StoreAdapterUnderTest = EngineUnderTest

/** Declares `contract` once per adapter (`<name> on SQLite`); an adapter that cannot run shows one skipped test saying why. */
export const describeStoreContract: (name: string, contract: (adapter: StoreAdapterUnderTest) => void) => void = describeOnEngines

/** Runs `use` on a store opened on a new index of `adapter`, and closes it after. */
export async function withFreshStore(adapter: StoreAdapterUnderTest, use: (store: CoreStore) => Promise<void>): Promise<void> {
  const store = await openStore(await adapter.freshConfig(), { log: quietLog })
  try {
    await use(store)
  } finally {
    await store.close()
  }
}
