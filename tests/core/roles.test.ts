/**
 * SERVICE_ROLE's parts (issue 36), each role started in this process on a SQLite index so that
 * what it serves and starts can be seen without PostgreSQL (the config refuses a non-`all` role
 * without DATABASE_URL, so the loaded config's role is overridden here); the processes on a shared
 * PostgreSQL index are in roles-processes.test.ts. Real HTTP on an ephemeral loopback port, and a
 * real crawler thread on a loopback UDP port that nothing answers.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { type Config, loadConfig, type ServiceRole } from '../../src/config'
import { type RunningCore, startCore } from '../../src/core'
import { createLogger } from '../../src/log'
import { sonarrV3Grab } from '../support/arr-payloads'
import { makeTempDir } from '../support/temp-dir'

const ADMIN_KEY = 'test-core-admin-key-0123456789abcdef'
const running: RunningCore[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((core) => core.stop()))
})

async function startRole(role: ServiceRole, env: Record<string, string> = {}) {
  const loaded = loadConfig({
    DATA_DIR: makeTempDir('roles-'),
    HOST: '127.0.0.1',
    CORE_PORT: '0',
    CORE_ADMIN_KEY: ADMIN_KEY,
    SERVICE_DHT_ENABLED: 'true',
    SERVICE_DHT_HOST: '127.0.0.1',
    SERVICE_DHT_PORT: '0',
    SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
    ...env,
  })
  const config: Config = { ...loaded, role }
  const lines: Record<string, unknown>[] = []
  const log = createLogger({ level: 'info', sink: (line) => lines.push(JSON.parse(line)) })
  const core = await startCore(config, log, { level: 'info' })
  running.push(core)
  const base = `http://127.0.0.1:${core.port}`
  return { core, base, lines, messages: () => lines.map((line) => String(line.msg)) }
}

const components = async (base: string) =>
  ((await (await fetch(`${base}/healthz`)).json()) as { components: Record<string, string> }).components

async function workersOf(base: string): Promise<string[]> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-core-admin-key': ADMIN_KEY },
    body: JSON.stringify({ query: '{ workers { listAll { workers { key started } } } }' }),
  })
  const body = (await response.json()) as { data: { workers: { listAll: { workers: { key: string; started: boolean }[] } } } }
  return body.data.workers.listAll.workers.filter((worker) => worker.started).map((worker) => worker.key)
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

describe('SERVICE_ROLE', () => {
  test('api: serves Torznab, GraphQL and the intake, starts no crawler and no queue worker', async () => {
    const { base, messages, lines } = await startRole('api')
    expect((await fetch(`${base}/torznab/api?t=caps`)).status).toBe(200)
    expect(await workersOf(base)).toEqual(['classifier', 'ingest', 'torznab'])
    expect(await components(base)).toMatchObject({ db: 'up', queue: 'inactive', dht: 'inactive' })
    // The intake only enqueues: the report waits in the queue for a worker process.
    const intake = await fetch(`${base}/evidence/arr/sonarr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sonarrV3Grab('A'.repeat(40))),
    })
    expect(intake.status).toBe(202)
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^queue_jobs\{queue="evidence",status="pending"\} 1$/m)
    expect(messages()).not.toContain('dht crawler listening')
    expect(messages()).not.toContain('worker lease held: running the jobs')
    expect(lines.find((line) => line.msg === 'core listening')).toMatchObject({ role: 'api' })
  })

  test('crawler: runs the crawler thread; Torznab, GraphQL, /import and / are 404; health and metrics answer', async () => {
    const { base, messages } = await startRole('crawler')
    await waitFor(() => messages().includes('dht crawler listening'), 'the crawler thread')
    for (const path of ['/torznab/api?t=caps', '/graphql', '/import', '/export', '/'])
      expect({ path, status: (await fetch(`${base}${path}`, { method: path === '/import' ? 'POST' : 'GET' })).status }).toEqual({
        path,
        status: 404,
      })
    const health = await components(base)
    expect(health.dht).not.toBe('inactive')
    expect(health.queue).toBe('inactive')
    const metrics = await fetch(`${base}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('service_dht_queries_sent_total')
    expect((await fetch(`${base}/api/v1/status`)).status).toBe(200)
    expect(messages()).not.toContain('worker lease held: running the jobs')
  })

  test('worker: runs the queue workers under the lease, no crawler; its HTTP is health and metrics only', async () => {
    const { base, messages } = await startRole('worker')
    expect(messages()).toContain('worker lease held: running the jobs')
    expect(await components(base)).toMatchObject({ db: 'up', queue: 'up', dht: 'inactive' })
    expect((await fetch(`${base}/torznab/api?t=caps`)).status).toBe(404)
    expect((await fetch(`${base}/graphql`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await fetch(`${base}/evidence/arr/sonarr`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await fetch(`${base}/metrics`)).status).toBe(200)
    expect(messages()).not.toContain('dht crawler listening')
  })

  test('all: every part, as the single process of a NAS', async () => {
    const { base, messages } = await startRole('all', { SERVICE_DHT_ENABLED: 'false' })
    expect(messages()).toContain('worker lease held: running the jobs')
    expect(await workersOf(base)).toEqual(expect.arrayContaining(['ingest', 'torznab', 'queue:evidence']))
    expect(await components(base)).toMatchObject({ db: 'up', queue: 'up' })
  })
})
