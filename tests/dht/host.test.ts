/**
 * The crawler worker's life under the main thread: a port it cannot bind is a warning (health
 * shows it, the rest of the service keeps serving), the worker is restarted with a growing
 * delay, and it comes up once the port is free.
 */
import { afterAll, expect, test } from 'bun:test'
import { createSocket } from 'node:dgram'
import { waitFor } from '../support/dht-probe'
import { startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

let service: RunningService | undefined
const dataDir = makeTempDir('crawler-life-')

afterAll(async () => {
  service?.child.kill('SIGTERM')
  await service?.child.exited
})

const records = () => service!.logs.map((line) => JSON.parse(line) as Record<string, unknown>)

test('a busy UDP port: warning, restarts with backoff, then the crawler comes up when the port frees', async () => {
  const squatter = createSocket('udp4')
  await new Promise<void>((resolve) => squatter.bind(0, '127.0.0.1', resolve))
  const port = squatter.address().port
  service = await startService({
    DATA_DIR: dataDir,
    SERVICE_DHT_ENABLED: 'true',
    SERVICE_DHT_HOST: '127.0.0.1',
    SERVICE_DHT_PORT: String(port),
    // Nothing listens there; this test is about the node's own port.
    SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
  })
  await waitFor(() => records().filter((record) => record.msg === 'dht crawler worker crashed').length >= 2, 10_000)
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

  await new Promise<void>((resolve) => squatter.close(() => resolve()))
  await waitFor(() => records().some((record) => record.msg === 'dht crawler listening'), 15_000)
  await waitFor(
    async () =>
      ((await (await fetch(`${service!.baseUrl}/healthz`)).json()) as { components: Record<string, string> }).components.dht === 'up',
    5_000,
  )
}, 40_000)
