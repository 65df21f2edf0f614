import { join } from 'node:path'
import { type Env, loadConfig } from '../../src/config'
import { buildDashboard } from '../../src/dashboard/start'
import { ADMIN_HEADERS, type RunningService, startService, TEST_ADMIN_KEY } from './processes'
import { makeTempDir } from './temp-dir'
import { quietLog } from './test-index'

/** A port nothing listens on: a core that is down. */
export const NO_CORE_URL = 'http://127.0.0.1:9/graphql'

export interface TestDashboard {
  /** Sends a request to the dashboard's app (no socket) and returns its answer. */
  request(path: string, init?: RequestInit): Promise<Response>
  /** The JSON body of a request, with its status. */
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>
  dashboard: ReturnType<typeof buildDashboard>
  close(): Promise<void>
}

/**
 * The dashboard built as start.ts builds it, over a fresh store in a temp dir, reaching the core at
 * `coreUrl` (a down one by default). Its core watch ticks only when a test calls `watch.tick()`.
 */
export function openTestDashboard(options: { coreUrl?: string; env?: Env } = {}): TestDashboard {
  const dir = makeTempDir('dashboard-test-')
  const config = loadConfig({
    DATA_DIR: dir,
    DASHBOARD_DB_PATH: join(dir, 'dashboard.db'),
    CORE_GRAPHQL_URL: options.coreUrl ?? NO_CORE_URL,
    // The key every test core starts with (startTestCore): the dashboard's own operations need it.
    CORE_ADMIN_KEY: TEST_ADMIN_KEY,
    ...options.env,
  })
  const dashboard = buildDashboard(config, quietLog, { watchIntervalMs: 3_600_000 })
  const request = (path: string, init?: RequestInit) => dashboard.app.handle(new Request(`http://localhost${path}`, init))
  return {
    request,
    async json(path, init) {
      const response = await request(path, init)
      return { status: response.status, body: await response.json() }
    },
    dashboard,
    close: () => dashboard.close(),
  }
}

/** JSON request options. */
export function sendJson(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }
}

/** A core process on an ephemeral port with a fresh index (crawler off). */
export async function startTestCore(vars: Record<string, string> = {}): Promise<RunningService & { graphqlUrl: string }> {
  const service = await startService({ DATA_DIR: makeTempDir('dashboard-core-'), ...vars }, 'core')
  return { ...service, graphqlUrl: `${service.baseUrl}/graphql` }
}

/** Imports JSON Lines torrents into a running core and waits until they are committed. */
export async function importIntoCore(baseUrl: string, records: object[], apiKey?: string): Promise<void> {
  const response = await fetch(`${baseUrl}/import`, {
    method: 'POST',
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    body: records.map((record) => JSON.stringify(record)).join('\n'),
  })
  if (response.status !== 200) throw new Error(`import failed: ${response.status} ${await response.text()}`)
}

/** A torrent's tags as the core's GraphQL has them; null when the core holds no such torrent. */
export async function coreTagNames(baseUrl: string, infoHash: string): Promise<string[] | null> {
  const query = `{ torrentContent { search(input: { infoHashes: ["${infoHash}"] }) { items { torrent { tagNames } } } } }`
  const answer = await fetch(`${baseUrl}/graphql`, sendJson('POST', { query }))
  const body = (await answer.json()) as { data: { torrentContent: { search: { items: { torrent: { tagNames: string[] } }[] } } } }
  return body.data.torrentContent.search.items[0]?.torrent.tagNames ?? null
}

/** Waits until the core has recorded `count` evidence reports (its intake answers 202 and records them asynchronously). */
export async function waitForEvidence(graphqlUrl: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const response = await fetch(graphqlUrl, sendJson('POST', { query: '{ evidence(input: { limit: 1 }) { totalCount } }' }, ADMIN_HEADERS))
    const answer = (await response.json()) as { data?: { evidence: { totalCount: number } } }
    if ((answer.data?.evidence.totalCount ?? 0) >= count) return
    if (Date.now() > deadline) throw new Error(`the core did not record ${count} evidence reports within 30 s`)
    await Bun.sleep(20)
  }
}

/** `bun run start` (core and dashboard in one process) on ephemeral ports, crawler off. */
export async function startWholeService(vars: Record<string, string> = {}): Promise<RunningService & { dashboardUrl: string }> {
  const service = await startService({ DATA_DIR: makeTempDir('dashboard-whole-'), ...vars })
  const deadline = Date.now() + 30_000
  for (;;) {
    const line = service.logs
      .map((log) => JSON.parse(log) as { msg?: string; port?: number })
      .find((log) => log.msg === 'dashboard listening')
    if (line) return { ...service, dashboardUrl: `http://127.0.0.1:${line.port}` }
    if (Date.now() > deadline) throw new Error(`the dashboard did not start:\n${service.logs.join('\n')}`)
    await Bun.sleep(20)
  }
}
