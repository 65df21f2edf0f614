/**
 * The tests' own PostgreSQL (tests/support/pg-cluster.ts, the CLI .ci/run starts it with): where
 * there is none, the cases are skipped with the reason, unless PG_TEST_REQUIRED (CI) makes them
 * fail with it; the CLI's cluster answers and its stop removes it.
 */
import { SQL } from 'bun'
import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { pgSkipReason, postgresBin, startCluster } from '../../support/pg-cluster'

test('without PostgreSQL the cases are skipped saying why; under PG_TEST_REQUIRED they run and fail with the reason', async () => {
  expect(pgSkipReason({}, null)).toBe('PostgreSQL is not installed (apt-get install -y postgresql), and PG_TEST_URL is unset')
  expect(pgSkipReason({ PG_TEST_REQUIRED: '1' }, null)).toBeNull()
  await expect(startCluster(null)).rejects.toThrow('no PostgreSQL to test on: PostgreSQL is not installed (apt-get install -y postgresql)')
  expect(pgSkipReason({ PG_TEST_URL: 'postgres://elsewhere/postgres' }, null)).toBeNull()
})

test.skipIf(postgresBin() === null)('the CLI starts a cluster that answers, and its stop stops and removes it', async () => {
  const env = { ...process.env }
  delete env.PG_TEST_URL
  const started = Bun.spawnSync(['bun', 'tests/support/pg-cluster-cli.ts', 'start'], { env })
  expect(started.exitCode).toBe(0)
  const printed: Record<string, string> = Object.fromEntries(
    started.stdout
      .toString()
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )
  const dir = printed.PG_TEST_DIR!
  const url = printed.PG_TEST_URL!
  try {
    const admin = new SQL(url, { max: 1 })
    try {
      expect(await admin`SELECT current_setting('fsync') AS fsync, rolsuper FROM pg_roles WHERE rolname = current_user`).toEqual([
        { fsync: 'off', rolsuper: true },
      ])
      expect(await admin`SELECT rolsuper FROM pg_roles WHERE rolname = 'indexer'`).toEqual([{ rolsuper: false }])
    } finally {
      await admin.close()
    }
  } finally {
    expect(Bun.spawnSync(['bun', 'tests/support/pg-cluster-cli.ts', 'stop', dir]).exitCode).toBe(0)
  }
  expect(existsSync(dir)).toBe(false)
  const gone = new SQL(url, { max: 1, connectionTimeout: 5 })
  await expect(gone`SELECT 1`).rejects.toThrow()
  await gone.close()
})
