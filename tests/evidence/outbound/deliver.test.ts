/**
 * The outbound evidence webhook against loopback receivers that answer 500 twice, always fail,
 * hang, or stall until the service is killed: batches of SERVICE_EVIDENCE_BATCH_SIZE in order,
 * 3 retries with backoff, failures recorded, and nothing lost across a crash.
 */
import { afterEach, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import type { CoreStore } from '../../../src/store'
import { metricValue, waitFor } from '../../support/dht-probe'
import { describeOnEngines, type EngineUnderTest } from '../../support/engines'
import { openServiceIndex, startService, type RunningService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'
import { testSql } from '../../support/test-sql'

type Behaviour = 'ok' | '500' | 'hang'

interface Receiver {
  url: string
  /** What to do with the next requests, in turn; the last one repeats. */
  plan: Behaviour[]
  bodies: { batch_id: string; sent_at: string; items: Record<string, unknown>[] }[]
  contentTypes: string[]
  stop(): void
}

function startReceiver(plan: Behaviour[]): Receiver {
  const receiver: Receiver = { url: '', plan, bodies: [], contentTypes: [], stop: () => {} }
  let calls = 0
  // Its own path: a port freed by another suite's receiver may be handed to this one while that
  // suite's service still sends there (two suites side by side); such requests are not this test's.
  const path = `/hook/${crypto.randomUUID()}`
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      if (new URL(request.url).pathname !== path) return new Response('not this receiver', { status: 404 })
      const behaviour = receiver.plan[Math.min(calls++, receiver.plan.length - 1)]!
      receiver.contentTypes.push(request.headers.get('content-type') ?? '')
      receiver.bodies.push(await request.json())
      if (behaviour === 'hang') return new Promise<Response>(() => {})
      return behaviour === 'ok' ? new Response('ok') : new Response('broken', { status: 500 })
    },
  })
  receiver.url = `http://127.0.0.1:${server.port}${path}`
  receiver.stop = () => server.stop(true)
  return receiver
}

/** One index the services of a test share: their variables, and the store the test reads it through once opened. */
interface TestIndex {
  vars: Record<string, string>
  store?: CoreStore
}

const running: RunningService[] = []
const receivers: Receiver[] = []
const indexes: TestIndex[] = []

afterEach(async () => {
  for (const service of running.splice(0)) {
    service.child.kill('SIGKILL')
    await service.child.exited
  }
  for (const receiver of receivers.splice(0)) receiver.stop()
  for (const index of indexes.splice(0)) await index.store?.close()
})

async function newIndex(engine: EngineUnderTest): Promise<TestIndex> {
  const index = { vars: { DATA_DIR: makeTempDir('outbound-'), ...(await engine.serviceVars()) } }
  indexes.push(index)
  return index
}

async function start(index: TestIndex, receiver: Receiver, timeout = '5s'): Promise<RunningService> {
  const service = await startService({
    ...index.vars,
    SERVICE_EVIDENCE_WEBHOOK_URL: receiver.url,
    SERVICE_EVIDENCE_BATCH_SIZE: '5',
    SERVICE_EVIDENCE_WEBHOOK_TIMEOUT: timeout,
    SERVICE_EVIDENCE_WEBHOOK_BACKOFF: '50ms',
    SERVICE_INGEST_FLUSH_INTERVAL: '50ms',
  })
  running.push(service)
  return service
}

let counter = 0
/** Imports `count` new torrents through POST /import; returns their hashes in order. */
async function importTorrents(service: RunningService, count: number): Promise<string[]> {
  const hashes: string[] = []
  const lines = Array.from({ length: count }, () => {
    const n = counter++
    const infoHash = createHash('sha1').update(`outbound-${n}`).digest('hex')
    hashes.push(infoHash)
    return JSON.stringify({
      infoHash,
      name: `Show.Number.${n}.S01E0${(n % 9) + 1}.1080p.WEB-DL.x264-GRP`,
      size: 1_000_000 + n,
      files: [{ path: `show.${n}.mkv`, size: 1_000_000 + n }],
    })
  })
  const response = await fetch(`${service.baseUrl}/import`, { method: 'POST', body: lines.join('\n') })
  expect(response.status).toBe(200)
  return hashes
}

/** Five torrents for a receiver that never takes them: every try is spent and the batch failed. */
async function deliverToFailingReceiver(engine: EngineUnderTest, behaviour: Behaviour, timeout: string) {
  const index = await newIndex(engine)
  const receiver = startReceiver([behaviour])
  receivers.push(receiver)
  const service = await start(index, receiver, timeout)
  await importTorrents(service, 5)
  await waitFor(async () => (await batches(index))[0]?.status === 'failed', 30_000, 20)
  expect(receiver.bodies).toHaveLength(4)
  return { index, receiver, service }
}

/** The index's batches, oldest first, read through a store opened beside the service on first use. */
async function batches(index: TestIndex) {
  index.store ??= await openServiceIndex(index.vars)
  return testSql(index.store).all<{ batch_id: string; items: number; status: string; attempts: number; last_error: string | null }>(
    'SELECT batch_id, items, status, attempts, last_error FROM evidence_webhook_batches ORDER BY first_torrent_id',
  )
}

describeOnEngines('the outbound evidence webhook', (engine) => {
  test('batches go out in order as JSON; a receiver failing twice with 500 gets the same batch a third time', async () => {
    const index = await newIndex(engine)
    const receiver = startReceiver(['500', '500', 'ok'])
    receivers.push(receiver)
    const service = await start(index, receiver)
    const hashes = await importTorrents(service, 10)
    await waitFor(() => receiver.bodies.length >= 4, 30_000, 20)
    const ids = receiver.bodies.map((body) => body.batch_id)
    expect(ids[0]).toBe(ids[1])
    expect(ids[1]).toBe(ids[2])
    expect(ids[3]).not.toBe(ids[0])
    expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true)
    const delivered = [receiver.bodies[2]!, receiver.bodies[3]!]
    expect(delivered.flatMap((body) => body.items.map((item) => item.info_hash))).toEqual(hashes)
    const item = delivered[0]!.items[0]!
    expect(Object.keys(item).sort()).toEqual(['categories', 'confidence', 'content_type', 'info_hash', 'published_at', 'size', 'title'])
    expect(item).toMatchObject({ content_type: 'tv_show', size: 1_000_000 + counter - 10 })
    expect((item.categories as number[]).includes(5000)).toBe(true)
    expect(Number.isNaN(Date.parse(delivered[0]!.sent_at))).toBe(false)
    await waitFor(async () => (await batches(index)).every((batch) => batch.status === 'delivered'), 30_000, 20)
    expect((await batches(index)).map((batch) => [batch.items, batch.attempts])).toEqual([
      [5, 3],
      [5, 1],
    ])
  }, 60_000)

  test('a receiver that always fails: 1 try and 3 retries, then the batch is recorded as failed and the next one goes', async () => {
    const { index, receiver, service } = await deliverToFailingReceiver(engine, '500', '5s')
    expect((await batches(index))[0]).toMatchObject({ attempts: 4, last_error: 'HTTP 500' })
    // Log lines reach the test through a pipe, a moment after the database shows the failure.
    await waitFor(() => service.logs.some((line) => line.includes('webhook batch given up after its retries')), 30_000, 20)
    expect(await metricValue(service.baseUrl, 'evidence_webhook_batches_total', { status: 'failed' })).toBe(1)
    receiver.plan = ['ok']
    const next = await importTorrents(service, 5)
    await waitFor(async () => (await batches(index))[1]?.status === 'delivered', 30_000, 20)
    expect(receiver.bodies.at(-1)!.items.map((item) => item.info_hash)).toEqual(next)
  }, 60_000)

  test('a receiver that hangs is timed out and retried, then recorded as failed', async () => {
    const { index } = await deliverToFailingReceiver(engine, 'hang', '200ms')
    expect((await batches(index))[0]!.last_error).toBe('no answer within 200 ms')
  }, 60_000)

  test('a crash in the middle of a delivery loses nothing: after a restart the same batch is delivered', async () => {
    const index = await newIndex(engine)
    const hanging = startReceiver(['hang'])
    receivers.push(hanging)
    const first = await start(index, hanging, '30s')
    const hashes = await importTorrents(first, 5)
    await waitFor(() => hanging.bodies.length === 1, 30_000, 20)
    first.child.kill('SIGKILL')
    await first.child.exited
    running.splice(running.indexOf(first), 1)
    hanging.stop()

    const receiver = startReceiver(['ok'])
    receivers.push(receiver)
    await start(index, receiver)
    await waitFor(() => receiver.bodies.length === 1, 30_000, 20)
    expect(receiver.bodies[0]!.batch_id).toBe(hanging.bodies[0]!.batch_id)
    expect(receiver.bodies[0]!.items.map((item) => item.info_hash)).toEqual(hashes)
    await waitFor(async () => (await batches(index))[0]?.status === 'delivered', 30_000, 20)
  }, 60_000)
})
