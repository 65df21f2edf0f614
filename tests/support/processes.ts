import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { loadConfig } from '../../src/config'
import { type CoreStore, openStore } from '../../src/store'
import { quietLog } from './test-index'

export const REPO_ROOT = join(import.meta.dir, '../..')

/** The core admin key every test service starts with (CORE_ADMIN_KEY), unless the test sets its own. */
export const TEST_ADMIN_KEY = 'test-core-admin-key-0123456789abcdef'
/** The header the dashboard's own GraphQL operations carry. */
export const ADMIN_HEADERS = { 'x-core-admin-key': TEST_ADMIN_KEY }

/** Environment for a child process: only what the test sets, plus PATH and HOME. */
export function childEnv(vars: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...vars }
}

/** Runs `bun src/cli.ts ...args` to completion. */
export async function runCli(
  args: string[],
  vars: Record<string, string>,
  stdin?: string,
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, 'src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: childEnv(vars),
    stdin: stdin === undefined ? 'ignore' : new Blob([stdin]),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { exitCode, stdout, stderr }
}

/**
 * Opens, beside a service or CLI run, the index it keeps with these variables (DATA_DIR's index.db,
 * or DATABASE_URL's schema), found the way the process finds it. Close it when done.
 */
export function openServiceIndex(vars: Record<string, string>): Promise<CoreStore> {
  refuseSqliteBesidePostgres(vars)
  return openStore(loadConfig(vars).store, { log: quietLog })
}

/** On PostgreSQL no service or CLI command may fall back to a SQLite file in DATA_DIR (issue 36). */
export function refuseSqliteBesidePostgres(vars: Record<string, string>): void {
  if (vars.DATABASE_URL && vars.DATA_DIR && existsSync(join(vars.DATA_DIR, 'index.db')))
    throw new Error('a process wrote DATA_DIR/index.db beside DATABASE_URL')
}

export interface RunningService {
  child: Subprocess<'ignore', 'pipe', 'pipe'>
  baseUrl: string
  /** Every log line the service wrote so far. */
  logs: string[]
}

/**
 * Starts `bun src/main.ts [side]` on ephemeral ports and waits for the line saying it listens
 * ("core listening", or "dashboard listening" for the dashboard alone).
 */
export async function startService(vars: Record<string, string>, side?: 'core' | 'dashboard'): Promise<RunningService> {
  const child = Bun.spawn([process.execPath, 'src/main.ts', ...(side ? [side] : [])], {
    cwd: REPO_ROOT,
    env: childEnv({
      HOST: '127.0.0.1',
      CORE_PORT: '0',
      DASHBOARD_PORT: '0',
      SERVICE_DHT_ENABLED: 'false',
      CORE_ADMIN_KEY: TEST_ADMIN_KEY,
      ...vars,
    }),
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const logs: string[] = []
  const port = await new Promise<number>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`service did not start:\n${logs.join('\n')}`)), 30_000)
    collectLines(child.stderr, (line) => {
      logs.push(line)
      const record = safeJson(line)
      if (record?.msg === (side === 'dashboard' ? 'dashboard listening' : 'core listening')) {
        clearTimeout(timeout)
        resolve(Number(record.port))
      }
    })
    void child.exited.then((code) => reject(new Error(`service exited with ${code}:\n${logs.join('\n')}`)))
  })
  return { child, baseUrl: `http://127.0.0.1:${port}`, logs }
}

export function collectLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): void {
  void (async () => {
    const decoder = new TextDecoder()
    let partial = ''
    for await (const chunk of stream) {
      partial += decoder.decode(chunk, { stream: true })
      const lines = partial.split('\n')
      partial = lines.pop()!
      lines.forEach(onLine)
    }
    if (partial) onLine(partial)
  })()
}

export function safeJson(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}
