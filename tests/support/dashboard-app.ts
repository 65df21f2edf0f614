import { afterAll } from 'bun:test'
import { type Env, loadConfig } from '../../src/config'
import { createAuthService } from '../../src/dashboard/auth/service'
import { buildDashboard } from '../../src/dashboard/start'
import { createLogger, type LogThreshold } from '../../src/log'
import { makeTempDir } from './temp-dir'

/**
 * A stand-in for the core's GraphQL endpoint on loopback: it records every applySettings it is
 * sent (and the headers of every request) and answers it with true, or with the GraphQL error
 * `refuseWith` names; any other query gets a GraphQL error, so the dashboard's core watch never
 * takes it for a running core. `stop()` makes it unreachable (connection refused).
 */
export function startFakeCore() {
  const applied: { key: string; value: string }[][] = []
  const headers: Headers[] = []
  const control: { refuseWith: { code: string; message: string } | null } = { refuseWith: null }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      headers.push(request.headers)
      const body = (await request.json()) as { query: string; variables?: { settings?: { key: string; value: string }[] } }
      if (!body.query.includes('applySettings')) return Response.json({ errors: [{ message: 'not a core' }] })
      const refusal = control.refuseWith
      if (refusal) return Response.json({ data: null, errors: [{ message: refusal.message, extensions: { code: refusal.code } }] })
      applied.push(body.variables?.settings ?? [])
      return Response.json({ data: { applySettings: true } })
    },
  })
  afterAll(() => server.stop(true))
  return {
    port: server.port!,
    graphqlUrl: `http://127.0.0.1:${server.port}/graphql`,
    applied,
    headers,
    control,
    stop: () => server.stop(true),
  }
}

/**
 * The dashboard as start.ts builds it (real store in a temp dir, real services), driven through
 * `app.handle`. `env` is the environment its config is read from; its core is a fake one
 * (startFakeCore) unless `corePort` names another. `storeDir` reopens an earlier store.
 * `deliveryBackoffMs` shortens the waits between notification delivery retries.
 */
export function openTestDashboard(
  options: { env?: Env; corePort?: number; coreAdminKey?: string; storeDir?: string; deliveryBackoffMs?: readonly number[] } = {},
) {
  const fakeCore = options.corePort === undefined ? startFakeCore() : undefined
  const dir = options.storeDir ?? makeTempDir('dashboard-test-')
  const config = loadConfig({ DATA_DIR: dir, ...options.env })
  const logLines: string[] = []
  const logThreshold: LogThreshold = { level: 'debug' }
  const log = createLogger({ level: logThreshold, sink: (line) => logLines.push(line) })
  const dashboard = buildDashboard(config, log, {
    corePort: options.corePort ?? fakeCore?.port,
    coreAdminKey: options.coreAdminKey,
    watchIntervalMs: 3_600_000,
    logThreshold,
    deliveryBackoffMs: options.deliveryBackoffMs,
  })
  afterAll(() => dashboard.close())

  /** One request through the app; `path` starts with `/`. `json` is sent as a JSON body. */
  const request = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init
    const headers = new Headers(rest.headers)
    if (json !== undefined) headers.set('content-type', 'application/json')
    const response = await dashboard.app.handle(
      new Request(`http://localhost${path}`, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) }),
    )
    const text = await response.text()
    let body: any
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
    return { status: response.status, headers: response.headers, body }
  }

  return { ...dashboard, config, fakeCore, logThreshold, logLines, request }
}

export type TestDashboard = ReturnType<typeof openTestDashboard>

/**
 * Another auth service over a test dashboard's parts (its settings, key, sessions and audit log),
 * with a clock the test moves and its log lines kept.
 */
export function authServiceWithClock(dashboard: TestDashboard) {
  const clock = { nowMs: 1_000_000 }
  const logLines: string[] = []
  const auth = createAuthService({
    config: dashboard.config.dashboard,
    settings: dashboard.settings,
    dashboardApiKey: dashboard.dashboardApiKey,
    sessionSecret: new TextEncoder().encode('sso-secret-0123456789abcdef'),
    sessions: dashboard.sessions,
    audit: dashboard.audit,
    log: createLogger({ level: 'debug', sink: (line) => logLines.push(line) }),
    nowMs: () => clock.nowMs,
  })
  return { auth, clock, logLines }
}
