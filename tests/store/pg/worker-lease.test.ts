/**
 * The worker's lease on PostgreSQL (issue 36): one holder per index, a standby that takes over
 * when the holder's connection dies or lets go, and nothing shared between two schemas.
 */
import { SQL } from 'bun'
import { afterAll, describe, expect, test } from 'bun:test'
import type { WorkerLease } from '../../../src/queue'
import { createPgWorkerLease } from '../../../src/store/pg/worker-lease'
import { freshPgSchema, pgSkipReason, pgTestCluster } from '../../support/pg-cluster'
import { createLogger } from '../../../src/log'

const skip = pgSkipReason()
const warnings: string[] = []
const log = createLogger({ level: 'warn', sink: (line) => warnings.push(line) })
const lease = (url: string) => createPgWorkerLease(url, { log, retryMs: 50 })
const held: WorkerLease[] = []

afterAll(async () => {
  await Promise.all(held.map((one) => one.release()))
})

/** The backend holding the worker lock of `schema`, as pg_locks shows it (the second key is the schema's hash, unsigned). */
async function holderPid(schema: string): Promise<number | null> {
  const admin = new SQL((await pgTestCluster()).adminUrl.replace(/\/[^/?]*(\?|$)/, '/indexer$1'), { max: 1 })
  try {
    const [row] = await admin`SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND classid = 7361002 AND objsubid = 2
        AND objid::int8 = (hashtext(${schema})::int8 & 4294967295)`
    return row ? Number(row.pid) : null
  } finally {
    await admin.close()
  }
}

async function terminate(pid: number): Promise<void> {
  const admin = new SQL((await pgTestCluster()).adminUrl, { max: 1 })
  try {
    await admin`SELECT pg_terminate_backend(${pid})`
  } finally {
    await admin.close()
  }
}

function standbyOf(url: string) {
  let standby!: () => void
  const waiting = new Promise<void>((resolve) => {
    standby = resolve
  })
  const signal = new AbortController()
  const acquired = lease(url).acquire({ signal: signal.signal, onStandby: standby })
  return { waiting, acquired, abort: () => signal.abort() }
}

describe.skipIf(skip !== null)(`worker lease on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`, () => {
  test('a second process waits as a standby and takes over when the holder’s backend is terminated', async () => {
    const { url, schema } = await freshPgSchema('lease')
    const first = await lease(url).acquire({ signal: new AbortController().signal })
    held.push(first)
    const firstPid = await holderPid(schema)
    expect(firstPid).not.toBeNull()
    const second = standbyOf(url)
    await second.waiting
    await terminate(firstPid!)
    const why = await first.lost
    expect(why).toBeInstanceOf(Error)
    const taken = await second.acquired
    held.push(taken)
    const secondPid = await holderPid(schema)
    expect(secondPid).not.toBeNull()
    expect(secondPid).not.toBe(firstPid)
  })

  test('release hands the lease to the standby, and the released lease is never reported lost', async () => {
    const { url, schema } = await freshPgSchema('lease')
    const first = await lease(url).acquire({ signal: new AbortController().signal })
    let firstLost = false
    void first.lost.then(() => {
      firstLost = true
    })
    const second = standbyOf(url)
    await second.waiting
    await first.release()
    const taken = await second.acquired
    held.push(taken)
    expect(await holderPid(schema)).not.toBeNull()
    // A third try proves the lock is held by the second, not left free.
    const third = standbyOf(url)
    await third.waiting
    third.abort()
    await expect(third.acquired).rejects.toThrow()
    expect(firstLost).toBe(false)
  })

  test('two schemas of one database each have their own worker', async () => {
    const a = await freshPgSchema('lease')
    const b = await freshPgSchema('lease')
    held.push(await lease(a.url).acquire({ signal: new AbortController().signal }))
    held.push(await lease(b.url).acquire({ signal: new AbortController().signal }))
    expect(await holderPid(a.schema)).not.toBe(await holderPid(b.schema))
  })

  test('an unreachable server is retried with a warning until the signal aborts', async () => {
    const { url } = await freshPgSchema('lease')
    const wrong = new URL(url)
    wrong.password = 'not-the-password'
    const signal = new AbortController()
    const before = warnings.length
    const attempt = lease(wrong.toString()).acquire({ signal: signal.signal })
    while (warnings.length < before + 2) await Bun.sleep(20)
    signal.abort()
    await expect(attempt).rejects.toThrow()
    const warning = JSON.parse(warnings.at(-1)!)
    expect(warning.msg).toContain('worker lease')
    expect(JSON.stringify(warning)).not.toContain('not-the-password')
  })
})
