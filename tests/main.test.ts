import { Database } from 'bun:sqlite'
import { afterEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { waitFor } from './support/dht-probe'
import { REPO_ROOT, type RunningService, safeJson, startService } from './support/processes'
import { makeTempDir } from './support/temp-dir'

/** The port a side logged it listens on. */
function portOf(service: RunningService, message: string): number | undefined {
  const record = service.logs.map((line) => safeJson(line)).find((entry) => entry?.msg === message)
  return record ? Number(record.port) : undefined
}

async function stop(service: RunningService): Promise<number> {
  service.child.kill('SIGTERM')
  return service.child.exited
}

describe('bun run start', () => {
  let service: RunningService | undefined
  afterEach(async () => {
    if (service && service.child.exitCode === null) await stop(service)
    service = undefined
  })

  test('with no argument runs the core and the dashboard, and stops both on SIGTERM', async () => {
    service = await startService({ DATA_DIR: makeTempDir() })
    // startService returns at the core's line; the dashboard's may follow it.
    await waitFor(() => portOf(service!, 'dashboard listening') !== undefined, 30_000, 20)
    const dashboardPort = portOf(service, 'dashboard listening')
    expect(dashboardPort).toBeGreaterThan(0)
    expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
    expect(await (await fetch(`http://127.0.0.1:${dashboardPort}/healthz`)).json()).toMatchObject({ status: 'ok' })
    expect(await stop(service)).toBe(0)
    expect(service.logs.some((line) => safeJson(line)?.msg === 'core stopped')).toBe(true)
  })

  test('`core` runs the core alone', async () => {
    service = await startService({ DATA_DIR: makeTempDir() }, 'core')
    expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
    await Bun.sleep(200)
    expect(portOf(service, 'dashboard listening')).toBeUndefined()
  })

  test('`dashboard` runs the dashboard alone, without opening the core database', async () => {
    const dataDir = makeTempDir()
    service = await startService({ DATA_DIR: dataDir }, 'dashboard')
    expect(await (await fetch(`${service.baseUrl}/healthz`)).json()).toMatchObject({ status: 'ok' })
    expect(portOf(service, 'core listening')).toBeUndefined()
    expect(await Bun.file(`${dataDir}/index.db`).exists()).toBe(false)
  })

  test('a stop held up by a webhook delivery that never answers ends within 10 s, the batch committed', async () => {
    let delivering = false
    const receiver = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => {
        delivering = true
        return new Promise<Response>(() => {})
      },
    })
    const dataDir = makeTempDir()
    try {
      service = await startService({
        DATA_DIR: dataDir,
        SERVICE_EVIDENCE_WEBHOOK_URL: `http://127.0.0.1:${receiver.port}/hook`,
        SERVICE_EVIDENCE_BATCH_SIZE: '1',
        SERVICE_EVIDENCE_WEBHOOK_TIMEOUT: '60s',
        SERVICE_INGEST_FLUSH_INTERVAL: '50ms',
      })
      const line = JSON.stringify({ infoHash: 'ab'.repeat(20), name: 'Stuck.Delivery.2024.1080p.WEB-DL-GRP', size: 1_000_000 })
      expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: line })).status).toBe(200)
      await waitFor(() => delivering, 30_000, 50)
      const startedAt = Date.now()
      expect(await stop(service)).toBe(1)
      expect(Date.now() - startedAt).toBeLessThan(10_000)
      expect(service.logs.some((logLine) => safeJson(logLine)?.msg === 'stop outlasted its deadline: exiting with work unfinished')).toBe(
        true,
      )
      const db = new Database(join(dataDir, 'index.db'), { readonly: true })
      expect(db.query('SELECT count(*) AS n FROM torrents').get()).toEqual({ n: 1 })
      db.close()
    } finally {
      receiver.stop(true)
    }
  }, 60_000)

  test('a port another instance holds stops start-up with one line, instead of sharing its requests', async () => {
    service = await startService({ DATA_DIR: makeTempDir() }, 'core')
    const port = new URL(service.baseUrl).port
    const second = Bun.spawn([process.execPath, 'src/main.ts', 'core'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        CORE_PORT: port,
        SERVICE_DHT_ENABLED: 'false',
        DATA_DIR: makeTempDir(),
      },
      stdout: 'ignore',
      stderr: 'pipe',
    })
    expect(await second.exited).toBe(1)
    const lines = (await new Response(second.stderr).text())
      .trim()
      .split('\n')
      .map((line) => safeJson(line))
    expect(lines.at(-1)).toMatchObject({ level: 'error', msg: expect.stringContaining('the port is in use') })
    expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
  }, 60_000)

  test('an unknown side is refused with the usage and exit code 2', async () => {
    const child = Bun.spawn([process.execPath, 'src/main.ts', 'everything'], { cwd: REPO_ROOT, stdout: 'pipe', stderr: 'pipe' })
    expect(await child.exited).toBe(2)
    expect(await new Response(child.stderr).text()).toContain('Usage: bun run start [core|dashboard]')
  })
})
