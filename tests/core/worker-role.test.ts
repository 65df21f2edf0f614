/**
 * The worker part's supervision (issue 36) over a lease the test hands out and takes back: the
 * jobs run only while the lease is held, a standby says so, a lost lease stops them and waits for
 * it again. The engines' leases themselves are tested in tests/store (contract and pg).
 */
import { expect, test } from 'bun:test'
import { superviseWorker, type WorkerJobs } from '../../src/core/worker-role'
import { createLogger } from '../../src/log'
import type { WorkerLease, WorkerLeaseStore } from '../../src/queue'

/**
 * A lease granted by the test: `grant()` hands it to the waiting acquire. With `held`, another
 * process holds it at first, so an acquire is told it waits as a standby.
 */
function testLease(options: { held: boolean } = { held: true }) {
  const waiting: { resolve: (lease: WorkerLease) => void; onStandby?: () => void }[] = []
  let lose: (err: Error) => void = () => {}
  let releases = 0
  const store: WorkerLeaseStore = {
    acquire: ({ signal, onStandby }) =>
      new Promise((resolve, reject) => {
        if (options.held) onStandby?.()
        waiting.push({ resolve })
        signal.addEventListener('abort', () => reject(signal.reason), { once: true })
      }),
  }
  return {
    store,
    waiters: () => waiting.length,
    grant() {
      const next = waiting.shift()!
      next.resolve({
        lost: new Promise<Error>((resolve) => {
          lose = resolve
        }),
        release: async () => {
          releases++
        },
      })
    },
    lose: (err: Error) => lose(err),
    releases: () => releases,
  }
}

function testJobs() {
  let started = 0
  let stopped = 0
  let commits = 0
  return {
    start: async (): Promise<WorkerJobs> => {
      started++
      return {
        onCommitted: () => {
          commits++
        },
        stop: async () => {
          stopped++
        },
      }
    },
    counts: () => ({ started, stopped, commits }),
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await Bun.sleep(5)
}

test('a standby logs it and runs nothing; it runs the jobs once granted, stops them when the lease is lost, and waits again', async () => {
  const lines: Record<string, unknown>[] = []
  const log = createLogger({ level: 'info', sink: (line) => lines.push(JSON.parse(line)) })
  const lease = testLease()
  const jobs = testJobs()
  const worker = superviseWorker({ lease: lease.store, start: jobs.start, log })
  await worker.ready
  expect(lines.map((line) => line.msg)).toContain('worker standby: another process holds the worker lease; waiting for it')
  worker.onCommitted()
  expect(jobs.counts()).toEqual({ started: 0, stopped: 0, commits: 0 })

  lease.grant()
  await until(() => jobs.counts().started === 1)
  worker.onCommitted()
  expect(jobs.counts()).toEqual({ started: 1, stopped: 0, commits: 1 })

  lease.lose(new Error('connection closed'))
  await until(() => lease.waiters() === 1)
  expect(jobs.counts()).toEqual({ started: 1, stopped: 1, commits: 1 })
  expect(lease.releases()).toBe(1)
  expect(lines.find((line) => line.msg === 'worker lease lost: jobs stopped, waiting for the lease again')).toBeDefined()
  worker.onCommitted()
  expect(jobs.counts().commits).toBe(1)

  lease.grant()
  await until(() => jobs.counts().started === 2)
  await worker.stop()
  expect(jobs.counts()).toEqual({ started: 2, stopped: 2, commits: 1 })
  expect(lease.releases()).toBe(2)
})

test('stop while waiting as a standby ends the wait and starts nothing', async () => {
  const lease = testLease()
  const jobs = testJobs()
  const worker = superviseWorker({ lease: lease.store, start: jobs.start, log: createLogger({ level: 'error', sink: () => {} }) })
  await worker.ready
  await worker.stop()
  expect(jobs.counts().started).toBe(0)
  expect(lease.releases()).toBe(0)
})

test('jobs that fail to start the first time refuse the start, with the lease given back', async () => {
  const lease = testLease({ held: false })
  const worker = superviseWorker({
    lease: lease.store,
    start: async () => {
      throw new Error('the outbox is unreadable')
    },
    log: createLogger({ level: 'error', sink: () => {} }),
  })
  lease.grant()
  await expect(worker.ready).rejects.toThrow('the outbox is unreadable')
  expect(lease.releases()).toBe(1)
  await worker.stop()
})
