/**
 * The throwaway PostgreSQL the tests run the PostgreSQL adapter on (issue 36).
 *
 * PG_TEST_URL names a running cluster by a superuser's URL (.ci/run starts one with
 * tests/support/pg-cluster-cli.ts and exports it). Without it, the first test that asks starts a
 * cluster for this test process in a temp folder from Debian's PostgreSQL (initdb, loopback port,
 * fsync off: test data only) and stops it when the process exits. Each index a test opens is a
 * schema of its own in one database, owned by an ordinary role (the core is no superuser), which
 * is far cheaper than a database per index. Where neither is possible the cases are skipped with
 * the reason, unless PG_TEST_REQUIRED is set (CI), where a missing PostgreSQL fails them.
 */
import { SQL } from 'bun'
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'

/** The role and database the core runs as in tests: an ordinary owner, not a superuser. */
const APP_ROLE = 'indexer'
const APP_PASSWORD = 'indexer-test'
const APP_DATABASE = 'indexer'

export interface PgTestCluster {
  /** A superuser's URL (for creating schemas, killing backends, looking). */
  adminUrl: string
  /** The app role's URL of the test database, without a schema chosen. */
  appUrl: string
  host: string
  port: number
  /** The folder holding the cluster when this process started it (a standby is built beside it); null for PG_TEST_URL. */
  dir: string | null
  stop(): void
}

let cluster: Promise<PgTestCluster> | null = null
let schemas = 0

/** Why PostgreSQL cases cannot run here; null when they can. */
export function pgSkipReason(env: Record<string, string | undefined> = process.env, bin = postgresBin()): string | null {
  if (env.PG_TEST_URL) return null
  // Required (CI): the cases run, and each fails with the reason the cluster could not start.
  if (env.PG_TEST_REQUIRED) return null
  const reason = cannotStartCluster(bin)
  return reason && `${reason}, and PG_TEST_URL is unset`
}

/** Why no cluster can be started here; null when one can. */
function cannotStartCluster(bin: string | null): string | null {
  if (!bin) return 'PostgreSQL is not installed (apt-get install -y postgresql)'
  if (process.getuid?.() === 0 && !hasUser('postgres')) return 'running as root without a postgres user to run initdb as'
  return null
}

/** The cluster of this test run, started on first use. */
export function pgTestCluster(): Promise<PgTestCluster> {
  cluster ??= process.env.PG_TEST_URL ? attach(process.env.PG_TEST_URL) : startCluster()
  return cluster
}

/** A fresh, empty schema for one index; the URL reaches it as the app role (search_path set through `options`). */
export async function freshPgSchema(prefix = 'idx'): Promise<{ url: string; schema: string }> {
  const { adminUrl, appUrl } = await pgTestCluster()
  const schema = `${prefix}_${process.pid}_${++schemas}`
  const admin = new SQL(adminUrl.replace(/\/[^/?]*(\?|$)/, `/${APP_DATABASE}$1`), { max: 1 })
  try {
    await admin.unsafe(`CREATE SCHEMA ${schema} AUTHORIZATION ${APP_ROLE}`)
  } finally {
    await admin.close()
  }
  return { url: withSearchPath(appUrl, schema), schema }
}

/** The app URL with a search_path, as an operator would give one (libpq's `options` parameter). */
export function withSearchPath(url: string, schema: string): string {
  const target = new URL(url)
  target.searchParams.set('options', `-c search_path=${schema}`)
  return target.toString()
}

async function attach(adminUrl: string): Promise<PgTestCluster> {
  const url = new URL(adminUrl)
  await ensureAppRole(adminUrl)
  // The app reaches the server over TCP with its password, as a deployment's would, whatever
  // socket the superuser's URL names.
  const app = new URL(adminUrl)
  app.username = APP_ROLE
  app.password = APP_PASSWORD
  app.pathname = `/${APP_DATABASE}`
  if (app.searchParams.has('host') || app.searchParams.has('path')) app.hostname = '127.0.0.1'
  app.searchParams.delete('host')
  app.searchParams.delete('path')
  return { adminUrl, appUrl: app.toString(), host: url.hostname, port: Number(url.port || 5432), dir: null, stop: () => {} }
}

/** Creates the app role and its database when the cluster lacks them (a cluster shared between runs keeps them). */
async function ensureAppRole(adminUrl: string): Promise<void> {
  const admin = new SQL(adminUrl, { max: 1 })
  try {
    const [role] = await admin`SELECT 1 AS found FROM pg_roles WHERE rolname = ${APP_ROLE}`
    if (!role) await admin.unsafe(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}'`)
    const [database] = await admin`SELECT 1 AS found FROM pg_database WHERE datname = ${APP_DATABASE}`
    if (!database) await admin.unsafe(`CREATE DATABASE ${APP_DATABASE} OWNER ${APP_ROLE}`)
  } finally {
    await admin.close()
  }
}

/** Starts a cluster from the PostgreSQL in `bin`; rejects with the reason when there is none to start. */
export async function startCluster(bin = postgresBin()): Promise<PgTestCluster> {
  const unavailable = cannotStartCluster(bin)
  if (unavailable || !bin) throw new Error(`no PostgreSQL to test on: ${unavailable}`)
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'))
  const owner = asRoot ? 'postgres' : userInfo().username
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()
    chownSync(dir, Number(ids), Number(gid))
  }
  chmodSync(dir, 0o700)
  const run = clusterCommands(bin)
  const port = await freePort()
  // Trust on the socket (the harness as superuser), SCRAM on TCP: the app's URL carries a real password.
  run('initdb', [
    '-D',
    join(dir, 'primary'),
    '-U',
    owner,
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
  ])
  startServer(run, join(dir, 'primary'), port, dir)
  run('psql', [
    '-X',
    '-q',
    '-h',
    dir,
    '-p',
    String(port),
    '-U',
    owner,
    '-d',
    'postgres',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}'`,
    '-c',
    `CREATE DATABASE ${APP_DATABASE} OWNER ${APP_ROLE}`,
  ])
  const stop = () => stopCluster(dir, bin)
  process.once('exit', stop)
  // The superuser reaches the cluster through the socket folder (trust); Bun.SQL takes it as `host`.
  const adminUrl = `postgres://${owner}@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`
  return {
    adminUrl,
    appUrl: `postgres://${APP_ROLE}:${APP_PASSWORD}@127.0.0.1:${port}/${APP_DATABASE}`,
    host: '127.0.0.1',
    port,
    dir,
    stop,
  }
}

/**
 * Runs the PostgreSQL programs in `bin` as the cluster's owner: as root, the postgres user (initdb
 * and the server refuse root); otherwise the user running the tests.
 */
export function clusterCommands(bin: string): (command: string, args: string[]) => void {
  const asRoot = process.getuid?.() === 0
  return (command, args) => {
    const full = join(bin, command)
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
  }
}

/** Stops the servers of the cluster in `dir` (the standby first) and removes it. */
export function stopCluster(dir: string, bin = postgresBin()): void {
  const run = bin ? clusterCommands(bin) : null
  for (const data of ['standby', 'primary']) {
    if (run && existsSync(join(dir, data))) {
      try {
        run('pg_ctl', ['-D', join(dir, data), '-m', 'immediate', '-w', 'stop'])
      } catch {
        // already stopped (a test stopped its standby itself)
      }
    }
  }
  rmSync(dir, { recursive: true, force: true })
}

/** Starts a server of the cluster on a loopback port, its socket in `socketDir`; fsync off (test data only). */
export function startServer(run: (command: string, args: string[]) => void, dataDir: string, port: number, socketDir: string): void {
  const options = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', `${dataDir}.log`, '-w', 'start'])
}

/** Debian's newest PostgreSQL bin folder; null when none is installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null
}

function hasUser(name: string): boolean {
  return spawnSync('id', ['-u', name]).status === 0
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
