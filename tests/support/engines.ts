/**
 * The storage engines a suite runs on (issues 31 and 36). A store contract or a service suite is
 * written once against openStore, the ports and the service's own entry points, and declared once
 * per engine, so SQLite and PostgreSQL are held to the same behaviour. SQLite runs everywhere, on
 * a fresh temp file per index. PostgreSQL runs on the test cluster (tests/support/pg-cluster.ts),
 * a fresh schema per index; where it cannot run, its suite is listed as skipped with the reason.
 */
import { afterAll, describe, test } from 'bun:test'
import { join } from 'node:path'
import type { StoreConfig } from '../../src/config'
import type { CoreStore } from '../../src/store'
import { PG_MIGRATIONS_DIR } from '../../src/store/pg/migration-folder'
import { CORE_MIGRATIONS_DIR, readMigrations } from '../../src/store/sqlite-file'
import { freshPgSchema, pgSkipReason } from './pg-cluster'
import { pgFixtures, type StoreFixtures, sqliteFixtures } from './store-fixtures'
import { closeSuiteResources } from './suite-resources'
import { makeTempDir } from './temp-dir'

/** One engine a suite runs on, as the suite sees it. */
export interface EngineUnderTest {
  name: string
  engine: CoreStore['engine']
  /** The version of the newest migration this engine's index is brought to. */
  newestVersion: number
  /** Where a new, empty index can be opened; opening the same config again reaches that index. */
  freshConfig(): Promise<StoreConfig>
  /**
   * The environment a service or CLI process needs, beside its DATA_DIR, to keep its index on this
   * engine: nothing for SQLite (DATA_DIR/index.db), a DATABASE_URL naming a new, empty schema for
   * PostgreSQL. Give the same variables to every process that shares the index.
   */
  serviceVars(): Promise<Record<string, string>>
  /** Fixtures and looks no port offers yet, on an open store of this engine. */
  fixtures(store: CoreStore): StoreFixtures
}

type EngineEntry = { name: string; skipReason: string } | (EngineUnderTest & { skipReason: null })

let sqliteFiles = 0

/** A SQLite path nobody opens: a PostgreSQL config carries one, as the loaded config always does. */
const unusedSqlitePath = (): string => join(makeTempDir('engine-'), 'unused.db')

export const SQLITE: EngineUnderTest = {
  name: 'SQLite',
  engine: 'sqlite',
  newestVersion: readMigrations(CORE_MIGRATIONS_DIR).at(-1)!.version,
  freshConfig: async () => ({ sqlite: { path: join(makeTempDir('engine-'), `index-${++sqliteFiles}.db`) } }),
  serviceVars: async () => ({}),
  fixtures: sqliteFixtures,
}

const pgSkip = pgSkipReason()

const ENGINES: EngineEntry[] = [
  { ...SQLITE, skipReason: null },
  pgSkip !== null
    ? { name: 'PostgreSQL', skipReason: pgSkip }
    : {
        name: 'PostgreSQL',
        engine: 'postgres',
        skipReason: null,
        newestVersion: readMigrations(PG_MIGRATIONS_DIR).at(-1)!.version,
        freshConfig: async () => ({ sqlite: { path: unusedSqlitePath() }, postgres: { url: (await freshPgSchema()).url, readUrls: [] } }),
        serviceVars: async () => ({ DATABASE_URL: (await freshPgSchema('svc')).url }),
        fixtures: pgFixtures,
      },
]

/** Declares `suite` once per engine (`<name> on SQLite`); an engine that cannot run shows one skipped test saying why. */
export function describeOnEngines(name: string, suite: (engine: EngineUnderTest) => void): void {
  for (const entry of ENGINES) {
    if (entry.skipReason === null)
      describe(`${name} on ${entry.name}`, () => {
        afterAll(closeSuiteResources)
        suite(entry)
      })
    else describe(`${name} on ${entry.name}`, () => test.skip(`skipped: ${entry.skipReason}`, () => {}))
  }
}
