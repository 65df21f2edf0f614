/**
 * The store contracts' harness (issues 31 and 36): a contract is a suite written against
 * openStore and the ports only, and runs once per storage adapter, so every engine is held to the
 * same behaviour. SQLite runs everywhere, on a fresh temp file per index. PostgreSQL runs on the
 * test cluster (tests/support/pg-cluster.ts), a fresh schema per index; where it cannot run, its
 * suite is listed as skipped with the reason in its title.
 */
import { describe, test } from 'bun:test'
import { join } from 'node:path'
import type { StoreConfig } from '../../src/config'
import { type CoreStore, openStore } from '../../src/store'
import { PG_MIGRATIONS_DIR } from '../../src/store/pg/migration-folder'
import { CORE_MIGRATIONS_DIR, readMigrations } from '../../src/store/sqlite-file'
import { freshPgSchema, pgSkipReason } from './pg-cluster'
import { pgFixtures, type StoreFixtures, sqliteFixtures } from './store-fixtures'
import { makeTempDir } from './temp-dir'
import { quietLog } from './test-index'

/** One engine the contracts run on, as a contract sees it. */
export interface StoreAdapterUnderTest {
  name: string
  engine: CoreStore['engine']
  /** The version of the newest migration this engine's index is brought to. */
  newestVersion: number
  /** Where a new, empty index can be opened; opening the same config again reaches that index. */
  freshConfig(): Promise<StoreConfig>
  /** Fixtures and looks no port offers yet, on an open store of this engine. */
  fixtures(store: CoreStore): StoreFixtures
}

type StoreAdapterEntry = { name: string; skipReason: string } | (StoreAdapterUnderTest & { skipReason: null })

let sqliteFiles = 0

/** A SQLite path nobody opens: a PostgreSQL config carries one, as the loaded config always does. */
const unusedSqlitePath = (): string => join(makeTempDir('store-contract-'), 'unused.db')

const pgSkip = pgSkipReason()

const STORE_ADAPTERS: StoreAdapterEntry[] = [
  {
    name: 'SQLite',
    engine: 'sqlite',
    skipReason: null,
    newestVersion: readMigrations(CORE_MIGRATIONS_DIR).at(-1)!.version,
    freshConfig: async () => ({ sqlite: { path: join(makeTempDir('store-contract-'), `index-${++sqliteFiles}.db`) } }),
    fixtures: sqliteFixtures,
  },
  pgSkip !== null
    ? { name: 'PostgreSQL', skipReason: pgSkip }
    : {
        name: 'PostgreSQL',
        engine: 'postgres',
        skipReason: null,
        newestVersion: readMigrations(PG_MIGRATIONS_DIR).at(-1)!.version,
        freshConfig: async () => ({ sqlite: { path: unusedSqlitePath() }, postgres: { url: (await freshPgSchema()).url, readUrls: [] } }),
        fixtures: pgFixtures,
      },
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
  const store = await openStore(await adapter.freshConfig(), { log: quietLog })
  try {
    await use(store)
  } finally {
    await store.close()
  }
}
