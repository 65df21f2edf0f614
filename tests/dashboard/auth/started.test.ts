import { afterAll, describe, expect, test } from 'bun:test'
import { type RunningService, startService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'

const KEY = 'dashboard-key-0123456789abcdef'

describe('a started dashboard with REQUIRE_AUTH', () => {
  let service: RunningService
  afterAll(async () => {
    service?.child.kill('SIGTERM')
    await service?.child.exited
  })

  test('/healthz is open, /api needs the key, and failures are audited with the client address', async () => {
    service = await startService({ DATA_DIR: makeTempDir(), REQUIRE_AUTH: 'true', DASHBOARD_API_KEY: KEY }, 'dashboard')
    expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
    const refused = await fetch(`${service.baseUrl}/api/me`, { headers: { 'x-api-key': 'wrong-key-0123456789' } })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: 'unauthorized', message: expect.any(String) })

    const audit = await fetch(`${service.baseUrl}/api/audit?kind=auth`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(audit.status).toBe(200)
    const { items } = (await audit.json()) as { items: { key: string; action: string; changed_by: string; new_value: unknown }[] }
    expect(items.map(({ key, action, changed_by, new_value }) => ({ key, action, changed_by, new_value }))).toEqual([
      { key: 'api_key', action: 'auth_succeeded', changed_by: 'api_key', new_value: '127.0.0.1' },
      { key: 'api_key', action: 'auth_failed', changed_by: '127.0.0.1', new_value: 'wrong API key' },
    ])
    expect(service.logs.join('\n')).not.toContain('wrong-key-0123456789')
  })
})
