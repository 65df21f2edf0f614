/**
 * The crawler worker's life under the main thread: a port it cannot bind is a warning (health
 * and GraphQL `crawler` show it, the rest of the service keeps serving), the worker is restarted
 * with a growing delay, and it comes up once the port is free, at the log level in force then.
 */
import { afterAll, expect, test } from 'bun:test'
import { createSocket } from 'node:dgram'
import { waitFor } from '../../support/dht-probe'
import { ADMIN_HEADERS, startService, type RunningService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

let service: RunningService | undefined
const dataDir = makeTempDir('crawler-life-')

afterAll(async () => {
  service?.child.kill('SIGTERM')
  await service?.child.exited
})

const records = () => service!.logs.map((line) => JSON.parse(line) as Record<string, unknown>)

async function gql(query: string): Promise<Record<string, any>> {
  const response = await fetch(`${service!.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ADMIN_HEADERS },
    body: JSON.stringify({ query }),
  })
  const answer = (await response.json()) as { data: Record<string, any>; errors?: unknown }
  expect(answer.errors).toBeUndefined()
  return answer.data
}

test('a busy UDP port: warning, restarts with backoff, then the crawler comes up when the port frees', async () => {
  const squatter = createSocket('udp4')
  await new Promise<void>((resolve) => squatter.bind(0, '127.0.0.1', resolve))
  const port = squatter.address().port
  service = await startService(
    {
      DATA_DIR: dataDir,
      SERVICE_DHT_ENABLED: 'true',
      SERVICE_DHT_HOST: '127.0.0.1',
      SERVICE_DHT_PORT: String(port),
      // Nothing listens there; this test is about the node's own port.
      SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
      LOG_LEVEL: 'info',
    },
    'core',
  )
  await waitFor(() => records().filter((record) => record.msg === 'dht crawler worker crashed').length >= 2, 30_000)
  const warning = records().find((record) => record.msg === 'dht crawler warning')!
  expect(warning.code).toBe('bind_failed')
  expect(String(warning.detail)).toContain(`127.0.0.1:${port}`)
  const delays = records()
    .filter((record) => record.msg === 'dht crawler worker crashed')
    .map((record) => record.restartInMs)
  expect(delays.slice(0, 2)).toEqual([1000, 2000])

  const health = await fetch(`${service.baseUrl}/healthz`)
  expect(health.status).toBe(200)
  expect(((await health.json()) as { components: Record<string, string> }).components.dht).toBe('down')
  const status = (await (await fetch(`${service.baseUrl}/api/v1/status`)).json()) as {
    components: Record<string, { status: string; error: string }>
  }
  expect(status.components.dht!.error).toContain('cannot bind UDP')
  const down = await gql('{ crawler { enabled running warning { code message since } } stats { dhtPeerCount } }')
  expect(down.crawler).toMatchObject({ enabled: true, running: false, warning: { code: 'bind_failed' } })
  expect(down.crawler.warning.message).toContain('cannot bind UDP')
  expect(Date.parse(down.crawler.warning.since)).toBeLessThanOrEqual(Date.now())
  expect(down.stats.dhtPeerCount).toBe(0)

  // A log_level override reaches the crawler thread too: the worker started next logs at debug.
  await gql('mutation { applySettings(settings: [{ key: "log_level", value: "debug" }]) }')
  await new Promise<void>((resolve) => squatter.close(() => resolve()))
  // The next restart may be a backoff of several seconds away.
  await waitFor(() => records().some((record) => record.msg === 'dht crawler listening'), 40_000)
  await waitFor(() => records().some((record) => record.level === 'debug' && record.component === 'dht'), 30_000, 20)
  await waitFor(
    async () =>
      ((await (await fetch(`${service!.baseUrl}/healthz`)).json()) as { components: Record<string, string> }).components.dht === 'up',
    30_000,
  )
  const up = await gql('{ crawler { enabled running warning { code } } stats { dhtPeerCount } }')
  expect(up.crawler).toEqual({ enabled: true, running: true, warning: null })
  expect(up.stats.dhtPeerCount).toBeGreaterThanOrEqual(0)
}, 60_000)
