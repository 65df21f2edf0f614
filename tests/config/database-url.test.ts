/**
 * DATABASE_URL, DATABASE_READ_URL and SERVICE_ROLE (issue 36): what is accepted, what is refused
 * (always with the password hidden), and that start-up refuses a role without the shared index.
 */
import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig, SERVICE_ROLES } from '../../src/config'
import { childEnv, REPO_ROOT } from '../support/processes'

/** The ConfigError loading `env` throws. */
const refusal = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err
    throw err
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('DATABASE_URL and DATABASE_READ_URL', () => {
  test('unset: the index is SQLite, as before', () => {
    expect(loadConfig({}).store.postgres).toBeUndefined()
  })

  test('a postgres:// or postgresql:// URL with a host and a database is taken as given, its parameters kept', () => {
    const url = 'postgresql://indexer:p%40ss@db.lan:5433/indexer?sslmode=require&options=-c%20search_path%3Didx'
    expect(loadConfig({ DATABASE_URL: url }).store.postgres).toEqual({ url, readUrls: [] })
    expect(loadConfig({ DATABASE_URL: 'postgres://db.lan/indexer' }).store.postgres?.url).toBe('postgres://db.lan/indexer')
  })

  test('DATABASE_URL wins over DATA_DIR and DATABASE_PATH: the store is PostgreSQL', () => {
    const config = loadConfig({ DATA_DIR: '/srv/idx', DATABASE_PATH: '/fast/core.db', DATABASE_URL: 'postgres://u:p@db/indexer' })
    expect(config.store.postgres).toEqual({ url: 'postgres://u:p@db/indexer', readUrls: [] })
  })

  test.each([
    ['another scheme', 'mysql://indexer:hunter2-secret@db/indexer', 'mysql://****@db/indexer'],
    ['no host', 'postgres://indexer:hunter2-secret@/indexer', 'postgres://****@/indexer'],
    ['no database', 'postgres://indexer:hunter2-secret@db:5432', 'postgres://****@db:5432'],
    ['an empty database', 'postgres://indexer:hunter2-secret@db/', 'postgres://****@db/'],
    ['an unencoded @ in the password', 'postgres://indexer:hunter2@secret@db:5432', 'postgres://****@db:5432'],
    ['no URL at all', 'indexer:hunter2-secret@db', 'indexer:hunter2-secret@db'],
  ])('%s is refused naming DATABASE_URL, the password hidden', (_case, raw, shown) => {
    const error = refusal({ DATABASE_URL: raw })
    expect(error.variable).toBe('DATABASE_URL')
    expect(error.message).toBe(`DATABASE_URL="${shown}" is not valid: expected a postgres://USER:PASSWORD@HOST:PORT/DATABASE URL`)
    if (raw.includes('//')) expect(error.message).not.toContain('secret')
  })

  test('DATABASE_READ_URL is a comma-separated list of standbys; one bad URL refuses it, passwords hidden', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/indexer',
      DATABASE_READ_URL: 'postgres://s1/indexer, postgresql://u:p@s2:5433/indexer',
    })
    expect(config.store.postgres?.readUrls).toEqual(['postgres://s1/indexer', 'postgresql://u:p@s2:5433/indexer'])
    const error = refusal({
      DATABASE_URL: 'postgres://db/indexer',
      DATABASE_READ_URL: 'postgres://u:secret-1@s1/indexer,http://u:secret-2@s2/x',
    })
    expect(error.variable).toBe('DATABASE_READ_URL')
    expect(error.message).not.toContain('secret')
  })

  test('DATABASE_READ_URL without DATABASE_URL is refused: standbys of nothing', () => {
    expect(refusal({ DATABASE_READ_URL: 'postgres://s1/indexer' }).message).toContain('DATABASE_URL')
  })
})

describe('SERVICE_ROLE', () => {
  test('all by default; all, api, crawler and worker are taken with DATABASE_URL', () => {
    expect(loadConfig({}).role).toBe('all')
    for (const role of SERVICE_ROLES) expect(loadConfig({ SERVICE_ROLE: role, DATABASE_URL: 'postgres://db/indexer' }).role).toBe(role)
  })

  test('another value is refused listing the roles', () => {
    expect(refusal({ SERVICE_ROLE: 'web', DATABASE_URL: 'postgres://db/indexer' }).message).toBe(
      'SERVICE_ROLE="web" is not valid: expected all, api, crawler, worker',
    )
  })

  test('a role other than all without DATABASE_URL is refused naming DATABASE_URL', () => {
    for (const role of ['api', 'crawler', 'worker']) {
      const error = refusal({ SERVICE_ROLE: role })
      expect(error.variable).toBe('SERVICE_ROLE')
      expect(error.message).toContain('DATABASE_URL')
    }
  })
})

describe('start-up with the PostgreSQL variables', () => {
  const start = async (args: string[], vars: Record<string, string>) => {
    const child = Bun.spawn([process.execPath, 'src/main.ts', ...args], {
      cwd: REPO_ROOT,
      env: childEnv(vars),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
    return { exitCode: await child.exited, stdout, lines: stderr.trim().split('\n') }
  }

  test('a worker without DATABASE_URL stops before it starts: exit code 2, one line naming DATABASE_URL', async () => {
    const { exitCode, lines } = await start([], { SERVICE_ROLE: 'worker' })
    expect(exitCode).toBe(2)
    expect(lines).toEqual([
      'configuration error: SERVICE_ROLE=worker needs DATABASE_URL: processes share the index only through PostgreSQL',
    ])
  })

  test('a bad DATABASE_URL stops start-up with one line that does not show the password', async () => {
    const { exitCode, lines } = await start([], { DATABASE_URL: 'postgres://indexer:hunter2-secret@db.lan' })
    expect(exitCode).toBe(2)
    expect(lines).toEqual([
      'configuration error: DATABASE_URL="postgres://****@db.lan" is not valid: expected a postgres://USER:PASSWORD@HOST:PORT/DATABASE URL',
    ])
  })

  test('--help lists the three variables with what they take', async () => {
    const { exitCode, stdout } = await start(['--help'], {})
    expect(exitCode).toBe(0)
    expect(stdout).toContain('DATABASE_URL  (default: unset; a postgres://USER:PASSWORD@HOST:PORT/DATABASE URL)')
    expect(stdout).toContain('DATABASE_READ_URL  (default: unset; comma-separated postgres:// URLs)')
    expect(stdout).toContain('SERVICE_ROLE  (default: all; all, api, crawler, worker)')
  })
})
