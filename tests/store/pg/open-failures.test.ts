/**
 * The PostgreSQL store when the server is not as expected (issue 36): a refused password or no
 * server reject the open with a StoreError that shows no password; backends killed under an open
 * store fail only the calls that meet them, as StoreErrors, and the pool recovers.
 */
import { SQL } from 'bun'
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openStore } from '../../../src/store'
import { channelOf } from '../../../src/store/pg/jobs/changes'
import { freePort } from '../../support/free-port'
import { freshPgSchema, pgSkipReason, pgTestCluster } from '../../support/pg-cluster'
import { makeTempDir } from '../../support/temp-dir'
import { pgOf, quietLog } from '../../support/test-index'

const skip = pgSkipReason()

const openOn = (url: string) =>
  openStore({ sqlite: { path: join(makeTempDir('pg-open-'), 'unused.db') }, postgres: { url, readUrls: [] } }, { log: quietLog })

describe.skipIf(skip !== null)(`opening the PostgreSQL store${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const admins: SQL[] = []
  afterAll(async () => {
    await Promise.all(admins.map((admin) => admin.close()))
  })

  test('a refused password rejects with a StoreError naming the refusal, not the password', async () => {
    const url = new URL((await freshPgSchema('open')).url)
    url.password = 'wrong-secret-pw'
    const error = await openOn(url.toString()).then(
      () => null,
      (err: unknown) => err,
    )
    expect(error).toMatchObject({ code: 'store_failed' })
    expect((error as Error).message).toContain('password authentication failed')
    expect((error as Error).message).not.toContain('wrong-secret-pw')
  })

  test('no server at the address rejects with a StoreError', async () => {
    const url = new URL((await freshPgSchema('open')).url)
    url.port = String(freePort())
    await expect(openOn(url.toString())).rejects.toMatchObject({ code: 'store_failed' })
  })

  test('every backend of an open store killed: a call meeting one fails as a StoreError, the pool recovers, and the claim still takes each job once', async () => {
    const store = await openOn((await freshPgSchema('open')).url)
    try {
      for (let i = 0; i < 4; i++) await store.queue.enqueue({ queue: 'q', payload: { i } }, 1)
      const admin = new SQL((await pgTestCluster()).adminUrl, { max: 1 })
      admins.push(admin)
      // The pool's connections (eight queries at once take all eight) and the LISTEN's: never another test's.
      const busy = await Promise.all(Array.from({ length: 8 }, () => pgOf(store)`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`))
      const [{ schema }] = await pgOf(store)`SELECT current_schema() AS schema`
      const listening = await admin`SELECT pid FROM pg_stat_activity WHERE query LIKE ${`LISTEN%${channelOf(schema)}%`}`
      const pids = [...busy.map(([row]) => row.pid as number), ...listening.map((row: { pid: number }) => row.pid)]
      expect(new Set(pids).size).toBe(9)
      await admin`SELECT pg_terminate_backend(pid) FROM unnest(${pids}::int4[]) AS pid`
      // A call that meets a killed connection fails as a store failure (whether it ran is not known, so it is
      // not retried); the pool replaces the connection, and the calls after succeed.
      const first = await Promise.allSettled(Array.from({ length: 9 }, () => store.settings.load()))
      for (const outcome of first) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'store_failed' })
      expect(await Promise.all(Array.from({ length: 9 }, () => store.settings.load()))).toEqual(Array(9).fill([]))
      const claimed = await Promise.all([1, 2, 3, 4, 5].map(() => store.queue.claim('q', 2, 60_000)))
      expect(new Set(claimed.filter((job) => job !== null).map((job) => job!.id)).size).toBe(4)
    } finally {
      await store.close()
    }
  })
})
