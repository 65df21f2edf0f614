/**
 * `bun run start dashboard`: the dashboard alone, reaching a core on another port only over HTTP;
 * with no core it keeps serving what its store holds, answers 502 where the core is needed, and
 * recovers when the core comes up.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { sendJson } from '../support/dashboard'
import { waitFor } from '../support/dht-probe'
import { type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { freePort } from '../support/free-port'

const running: RunningService[] = []
afterAll(async () => {
  for (const service of running) service.child.kill('SIGTERM')
  await Promise.all(running.map((service) => service.child.exited))
})

async function start(vars: Record<string, string>, side: 'core' | 'dashboard') {
  const service = await startService({ DATA_DIR: makeTempDir('dashboard-alone-'), ...vars }, side)
  running.push(service)
  return service
}

/** A loopback port nothing listens on now (the OS just handed it out and it was released). */
describe('the dashboard started alone', () => {
  test('with no core: healthz and store routes work, core routes are 502 core_unavailable; the core coming up heals it', async () => {
    const corePort = freePort()
    const dashboard = await start({ CORE_GRAPHQL_URL: `http://127.0.0.1:${corePort}/graphql` }, 'dashboard')
    const health = await fetch(`${dashboard.baseUrl}/healthz`)
    expect(health.status).toBe(200)
    const healthBody = (await health.json()) as { status: string; ts: string }
    expect(healthBody.status).toBe('ok')
    expect(Date.parse(healthBody.ts)).not.toBeNaN()

    const created = await fetch(
      `${dashboard.baseUrl}/api/wants`,
      sendJson('POST', { title: 'Severance', content_type: 'tv', query: 'severance', priority: 'medium' }),
    )
    expect(created.status).toBe(201)
    for (const path of ['/api/torrents', '/api/stats', '/api/evidence', '/api/metrics']) {
      const response = await fetch(`${dashboard.baseUrl}${path}`)
      expect({ path, status: response.status }).toEqual({ path, status: 502 })
      expect(((await response.json()) as { error: string }).error).toBe('core_unavailable')
    }

    const core = await start({ CORE_PORT: String(corePort) }, 'core')
    expect(core.baseUrl).toBe(`http://127.0.0.1:${corePort}`)
    const torrents = await fetch(`${dashboard.baseUrl}/api/torrents`)
    expect(torrents.status).toBe(200)
    expect(await torrents.json()).toEqual({ totalCount: 0, items: [] })
    // The watch notices the core and registers the want made while it was down, so a matching
    // import fulfils it within a few polls (the issue asks for 30 s).
    await waitFor(() => dashboard.logs.some((line) => line.includes('core reachable again')), 30_000)
    const line = JSON.stringify({ infoHash: 'ab'.repeat(20), name: 'Severance.S02E01.1080p.WEB.H264-SuccessfulCrab', size: 3e9 })
    expect((await fetch(`${core.baseUrl}/import`, { method: 'POST', body: line })).status).toBe(200)
    const startedMs = Date.now()
    await waitFor(async () => {
      const wants = (await (await fetch(`${dashboard.baseUrl}/api/wants`)).json()) as { status: string }[]
      return wants[0]?.status === 'fulfilled'
    }, 30_000)
    expect(Date.now() - startedMs).toBeLessThan(30_000)
    const healthRows = (await (await fetch(`${dashboard.baseUrl}/api/audit?kind=health`)).json()) as {
      items: { key: string; action: string }[]
    }
    expect(healthRows.items.filter((row) => row.key === 'core').map((row) => row.action)).toEqual(['core_reachable', 'core_unreachable'])
    const notes = (await (await fetch(`${dashboard.baseUrl}/api/notifications`)).json()) as { items: { type: string }[] }
    expect(notes.items.map((note) => note.type)).toContain('want_fulfilled')
    expect(dashboard.logs.some((log) => log.includes('"level":"error"'))).toBe(false)
  }, 60_000)
})
