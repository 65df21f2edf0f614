import { afterAll, describe, expect, test } from 'bun:test'
import { type RunningService, safeJson, startService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const ENV_KEY = 'env-key-0123456789abcdef'
const OVERRIDE_KEY = 'override-key-fedcba9876543210'

/** The dashboard's address, from its "dashboard listening" line (it may follow "core listening"). */
async function dashboardUrl(service: RunningService): Promise<string> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const line = service.logs.map((entry) => safeJson(entry)).find((entry) => entry?.msg === 'dashboard listening')
    if (line) return `http://127.0.0.1:${line.port}`
    await Bun.sleep(25)
  }
  throw new Error(`the dashboard did not start:\n${service.logs.join('\n')}`)
}

describe('the torznab_api_key override on a running core', () => {
  let service: RunningService
  afterAll(async () => {
    service?.child.kill('SIGTERM')
    await service?.child.exited
  })

  test('set, cleared and regenerated from the dashboard, each applies to the next Torznab request', async () => {
    service = await startService({ TORZNAB_API_KEY: ENV_KEY, DATA_DIR: makeTempDir() })
    const dashboard = await dashboardUrl(service)
    const caps = async (key: string) => (await fetch(`${service.baseUrl}/torznab/api?t=caps&apikey=${key}`)).status
    const settings = (path: string, init: RequestInit) => fetch(`${dashboard}/api/settings${path}`, init)
    expect(await caps(ENV_KEY)).toBe(200)

    const put = await settings('/overrides/torznab_api_key', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: OVERRIDE_KEY }),
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({
      key: 'torznab_api_key',
      default: '****cdef',
      value: '****3210',
      overridden: true,
      core_sync: 'applied',
    })
    expect(await caps(ENV_KEY)).toBe(401)
    expect(await caps(OVERRIDE_KEY)).toBe(200)

    expect((await settings('/overrides/torznab_api_key', { method: 'DELETE' })).status).toBe(200)
    expect(await caps(ENV_KEY)).toBe(200)
    expect(await caps(OVERRIDE_KEY)).toBe(401)

    const regenerated = await settings('/regenerate-api-key', { method: 'POST' })
    expect(regenerated.status).toBe(200)
    const { target, api_key } = (await regenerated.json()) as { target: string; api_key: string }
    expect(target).toBe('torznab')
    expect(await caps(ENV_KEY)).toBe(401)
    expect(await caps(api_key)).toBe(200)
    expect(service.logs.join('\n')).not.toContain(api_key)
    expect(service.logs.join('\n')).not.toContain(OVERRIDE_KEY)
  })
})
