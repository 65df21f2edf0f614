/**
 * The store contracts' harness (issue 31): a contract is a suite written against openStore and the
 * ports only, and runs once per storage adapter, so every engine is held to the same behaviour.
 * SQLite runs everywhere, on a fresh temp file per index. PostgreSQL joins with its adapter
 * (issue 36), on a throwaway database named by PG_TEST_URL; until then, and wherever it cannot
 * run, its suite is listed as skipped with the reason in its title.
 */
import { describe, test } from 'bun:test'
import { join } from 'node:path'
import type { StoreConfig } from '../../src/config'
import { type CoreStore, openStore } from '../../src/store'
import { CORE_MIGRATIONS_DIR, readMigrations } from '../../src/store/sqlite-file'
import { type StoreFixtures, sqliteFixtures } from './store-fixtures'
import { makeTempDir } from './temp-dir'
import { quietLog } from './test-index'

/** One engine the contracts run on, as a contract sees it. */
export interface StoreAdapterUnderTest {
  name: string
  /** The version of the newest migration this engine's index is brought to. */
  newestVersion: number
  /** Where a new, empty index can be opened; opening the same config again reaches that index. */
  freshConfig(): StoreConfig
  /** Fixtures and looks no port offers yet, on an open store of this engine. */
  fixtures(store: CoreStore): StoreFixtures
}

type StoreAdapterEntry = { name: string; skipReason: string } | (StoreAdapterUnderTest & { skipReason: null })

let sqliteFiles = 0

const STORE_ADAPTERS: StoreAdapterEntry[] = [
  {
    name: 'SQLite',
    skipReason: null,
    newestVersion: readMigrations(CORE_MIGRATIONS_DIR).at(-1)!.version,
    freshConfig: () => ({ sqlite: { path: join(makeTempDir('store-contract-'), `index-${++sqliteFiles}.db`) } }),
    fixtures: sqliteFixtures,
  },
  { name: 'PostgreSQL', skipReason: 'no PostgreSQL adapter yet (issue 36)' },
]

/** Declares `contract` once per adapter (`<name> on SQLite`); an adapter that cannot run shows one skipped test saying why. */
export function describeStoreContract(name: string, contract: (adapter: StoreAdapterUnderTest) => void): void {
  for (const entry of STORE_ADAPTERS) {
    if (entry.skipReason === null) describe(`${name} on ${entry.name}`, () => contract(entry))
    else describe(`${name} on ${entry.name}`, () => test.skip(`skipped: ${entry.skipReason}`, () => {}))
  }
}

/** Runs `use` on a store opened on a new index of `adapter`, and closes it after. */
export async function withFreshStore(adapter: StoreAdapterUnderTest, use: (store: CoreStore) => Promise<void>): Promise<void> {
  const store = await openStore(adapter.freshConfig(), { log: quietLog })
  try {
    await use(store)
  } finally {
    await store.close()
  }
}
