/**
 * Issue 30.1, the core side: with CORE_ADMIN_KEY unset the core makes its admin key once, keeps it
 * in its database across restarts, hands it to its caller (startCore, for the dashboard of the same
 * process) and to `cli admin-key`, and never logs it.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config'
import { startCore } from '../../src/core'
import { createLogger } from '../../src/log'
import { runCli } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const dataDir = makeTempDir('core-admin-key-')
const logs: string[] = []
const log = createLogger({ level: 'debug', sink: (line) => logs.push(line) })
const config = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', CORE_PORT: '0', SERVICE_DHT_ENABLED: 'false' })
const running: { stop(): Promise<void> }[] = []
afterAll(async () => {
  for (const core of running) await core.stop()
})

const applySettings = (port: number, headers: Record<string, string>) =>
  fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: 'mutation { applySettings(settings: [{ key: "log_level", value: "info" }]) }' }),
  }).then((response) => response.json())

describe('the core admin key, unset in the environment', () => {
  let firstKey = ''

  test('startCore makes one, answers the dashboard operations that carry it and refuses the others', async () => {
    const core = await startCore(config, log, { level: 'debug' })
    running.push(core)
    firstKey = core.adminKey
    expect(firstKey).toMatch(/^[0-9a-f]{64}$/)
    expect(await applySettings(core.port, { 'x-core-admin-key': firstKey })).toEqual({ data: { applySettings: true } })
    expect(await applySettings(core.port, {})).toMatchObject({ errors: [{ extensions: { code: 'unauthorized' } }] })
    await running.pop()!.stop()
  })

  test('the same key after a restart and from cli admin-key; it is never logged', async () => {
    const core = await startCore(config, log, { level: 'debug' })
    running.push(core)
    expect(core.adminKey).toBe(firstKey)
    const printed = await runCli(['admin-key'], { DATA_DIR: dataDir })
    expect(printed).toEqual({ exitCode: 0, stdout: `${firstKey}\n`, stderr: '' })
    expect(logs.length).toBeGreaterThan(5)
    expect(logs.join('\n')).not.toContain(firstKey)
    await running.pop()!.stop()
  })

  test('CORE_ADMIN_KEY set takes its place, and cli admin-key prints it', async () => {
    const configured = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      CORE_PORT: '0',
      SERVICE_DHT_ENABLED: 'false',
      CORE_ADMIN_KEY: 'operator-chosen-admin-key-0123',
    })
    const core = await startCore(configured, log, { level: 'debug' })
    running.push(core)
    expect(core.adminKey).toBe('operator-chosen-admin-key-0123')
    expect(await applySettings(core.port, { 'x-core-admin-key': firstKey })).toMatchObject({
      errors: [{ extensions: { code: 'unauthorized' } }],
    })
    expect((await runCli(['admin-key'], { DATA_DIR: dataDir, CORE_ADMIN_KEY: 'operator-chosen-admin-key-0123' })).stdout).toBe(
      'operator-chosen-admin-key-0123\n',
    )
    await running.pop()!.stop()
  })
})
