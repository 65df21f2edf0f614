import { describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig, variables } from '../../src/config'
import { childEnv, REPO_ROOT } from '../support/processes'

describe('loadConfig', () => {
  test('gives the documented defaults when nothing is set', () => {
    const config = loadConfig({})
    expect(config.http).toEqual({ host: '0.0.0.0', corePort: 3333, dashboardPort: 8080 })
    expect(config.db).toEqual({ dataDir: './data', corePath: './data/index.db', dashboardPath: './data/dashboard.db' })
    expect(config.log.level).toBe('info')
    expect(config.torznab.apiKey).toBeUndefined()
    expect(config.dht.enabled).toBe(true)
    expect(config.dht.host).toBe('0.0.0.0')
    expect(config.dht.port).toBe(4413)
    expect(config.dht.bootstrap[0]).toEqual({ host: 'router.bittorrent.com', port: 6881 })
    expect(config.search.timeoutMs).toBe(10_000)
  })

  test('derives both database paths from DATA_DIR unless they are set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/idx' }).db.corePath).toBe('/srv/idx/index.db')
    expect(loadConfig({ DATA_DIR: '/srv/idx' }).db.dashboardPath).toBe('/srv/idx/dashboard.db')
    expect(loadConfig({ DATA_DIR: '/srv/idx', DATABASE_PATH: '/fast/core.db' }).db.corePath).toBe('/fast/core.db')
  })

  test("the store's slice names the core index's file, from DATA_DIR unless DATABASE_PATH is set", () => {
    expect(loadConfig({ DATA_DIR: '/srv/idx' }).store).toEqual({ sqlite: { path: '/srv/idx/index.db' } })
    expect(loadConfig({ DATA_DIR: '/srv/idx', DATABASE_PATH: '/fast/core.db' }).store).toEqual({ sqlite: { path: '/fast/core.db' } })
  })

  test('reads typed values', () => {
    const config = loadConfig({
      CORE_PORT: '4000',
      SERVICE_DHT_ENABLED: 'no',
      SERVICE_SEARCH_TIMEOUT: '1m30s',
      SERVICE_INGEST_FLUSH_INTERVAL: '250ms',
      SERVICE_DHT_BOOTSTRAP: '127.0.0.1:6881, [::1]:7000',
      LOG_LEVEL: 'DEBUG',
      TORZNAB_API_KEY: 'secret-key',
    })
    expect(config.http.corePort).toBe(4000)
    expect(config.dht.enabled).toBe(false)
    expect(config.search.timeoutMs).toBe(90_000)
    expect(config.ingest.flushIntervalMs).toBe(250)
    expect(config.dht.bootstrap).toEqual([
      { host: '127.0.0.1', port: 6881 },
      { host: '::1', port: 7000 },
    ])
    expect(config.log.level).toBe('debug')
    expect(config.torznab.apiKey).toBe('secret-key')
  })

  test('BASE_URL is an http(s) URL kept without its trailing slash; unset leaves the self links path-only', () => {
    expect(loadConfig({}).torznab.baseUrl).toBe('')
    expect(loadConfig({ BASE_URL: 'https://indexer.example/' }).torznab.baseUrl).toBe('https://indexer.example')
    expect(loadConfig({ BASE_URL: 'http://nas.lan:3333/indexer/' }).torznab.baseUrl).toBe('http://nas.lan:3333/indexer')
  })

  test('treats an empty value as unset', () => {
    expect(loadConfig({ CORE_PORT: '', TORZNAB_API_KEY: '' }).http.corePort).toBe(3333)
    expect(loadConfig({ TORZNAB_API_KEY: '  ' }).torznab.apiKey).toBeUndefined()
  })

  test.each([
    ['CORE_PORT', '70000'],
    ['CORE_PORT', 'http'],
    ['SERVICE_DHT_ENABLED', 'maybe'],
    ['SERVICE_SEARCH_TIMEOUT', '10'],
    ['SERVICE_SEARCH_TIMEOUT', '-5s'],
    ['LOG_LEVEL', 'verbose'],
    ['SERVICE_DHT_BOOTSTRAP', 'router.example:notaport'],
    ['SERVICE_INGEST_BATCH_SIZE', '0'],
    ['BASE_URL', 'indexer.example'],
    ['BASE_URL', 'ftp://indexer.example/'],
    ['BASE_URL', 'https://indexer.example/?x=1'],
    ['BASE_URL', 'https://user:pass@indexer.example/'],
    ['DASHBOARD_PUBLIC_URL', 'dash.example'],
    ['DASHBOARD_PUBLIC_URL', 'https://dash.example/dashboard'],
    ['DASHBOARD_PUBLIC_URL', 'https://dash.example/?x=1'],
    ['CORE_ADMIN_KEY', 'short'],
    ['SERVICE_SYNC_SOURCES', 'nas2:3333/export'],
    ['SERVICE_SYNC_SOURCES', 'http://nas2:3333/export,ftp://nas3/export'],
    ['SERVICE_SYNC_INTERVAL', '15'],
  ])('rejects %s=%s naming the variable and what it accepts', (name, raw) => {
    let error: unknown
    try {
      loadConfig({ [name]: raw })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe(name)
    expect((error as ConfigError).message).toContain(name)
    expect((error as ConfigError).message).toContain('expected')
  })

  test('DASHBOARD_PUBLIC_URL is kept as the origin a browser sends; CORE_ADMIN_KEY as given', () => {
    expect(loadConfig({}).dashboard.publicOrigin).toBeUndefined()
    expect(loadConfig({ DASHBOARD_PUBLIC_URL: 'https://Dash.Example.com/' }).dashboard.publicOrigin).toBe('https://dash.example.com')
    expect(loadConfig({ DASHBOARD_PUBLIC_URL: 'http://nas.lan:8080' }).dashboard.publicOrigin).toBe('http://nas.lan:8080')
    expect(loadConfig({ DASHBOARD_PUBLIC_URL: 'https://dash.example:443' }).dashboard.publicOrigin).toBe('https://dash.example')
    expect(loadConfig({ CORE_ADMIN_KEY: 'admin-key-0123456789abcdef' }).dashboard.coreAdminKey).toBe('admin-key-0123456789abcdef')
  })

  test('AUTH_METHOD=none with REQUIRE_AUTH=true is refused naming both; each alone is taken', () => {
    let error: unknown
    try {
      loadConfig({ AUTH_METHOD: 'none', REQUIRE_AUTH: 'true' })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toContain('AUTH_METHOD=none')
    expect((error as ConfigError).message).toContain('REQUIRE_AUTH=true')
    expect(loadConfig({ AUTH_METHOD: 'none' }).dashboard.requireAuth).toBe(false)
    expect(loadConfig({ AUTH_METHOD: 'none', REQUIRE_AUTH: 'false' }).dashboard.requireAuth).toBe(false)
    expect(loadConfig({ REQUIRE_AUTH: 'true' }).dashboard.requireAuth).toBe(true)
  })

  test('SERVICE_SYNC_SOURCES is a list of export URLs with their keys; none and 15 minutes unless set', () => {
    expect(loadConfig({}).sync).toEqual({ sources: [], intervalMs: 900_000 })
    const sync = loadConfig({
      SERVICE_SYNC_SOURCES: ' http://nas2:3333/export?apikey=key-one-0123456789 , https://sync:key-two@far.example/export ',
      SERVICE_SYNC_INTERVAL: '1h',
    }).sync
    expect(sync).toEqual({
      sources: ['http://nas2:3333/export?apikey=key-one-0123456789', 'https://sync:key-two@far.example/export'],
      intervalMs: 3_600_000,
    })
  })

  test('a bad SERVICE_SYNC_SOURCES is reported with its keys hidden', () => {
    let error: unknown
    try {
      loadConfig({ SERVICE_SYNC_SOURCES: 'http://nas2:3333/export?apikey=secret-one-0123456789,https://user:secret-two@[bad/export' })
    } catch (err) {
      error = err
    }
    const message = (error as ConfigError).message
    expect(message).toContain('SERVICE_SYNC_SOURCES="http://nas2:3333/export?apikey=****,https://****@[bad/export"')
    expect(message).not.toContain('secret')
  })

  test('the swarm re-check: every 7 days at 5 checks/s by default; intervals in ms to days, or off', () => {
    expect(loadConfig({}).dht.rescrape).toEqual({ intervalMs: 7 * 86_400_000, perSecond: 5 })
    const interval = (raw: string) => loadConfig({ SERVICE_DHT_RESCRAPE_INTERVAL: raw }).dht.rescrape.intervalMs
    expect(interval('20s')).toBe(20_000)
    expect(interval('6h')).toBe(6 * 3_600_000)
    expect(interval('1d12h')).toBe(36 * 3_600_000)
    expect(interval('OFF')).toBeNull()
    expect(loadConfig({ SERVICE_DHT_RESCRAPE_RATE: '0.5' }).dht.rescrape.perSecond).toBe(0.5)
  })

  test.each([
    ['SERVICE_DHT_RESCRAPE_INTERVAL', '7'],
    ['SERVICE_DHT_RESCRAPE_INTERVAL', '0s'],
    ['SERVICE_DHT_RESCRAPE_INTERVAL', '-1d'],
    ['SERVICE_DHT_RESCRAPE_INTERVAL', '1w'],
    ['SERVICE_DHT_RESCRAPE_INTERVAL', 'never'],
    ['SERVICE_DHT_RESCRAPE_RATE', '0'],
    ['SERVICE_DHT_RESCRAPE_RATE', 'fast'],
    ['SERVICE_DHT_RESCRAPE_RATE', '5000'],
  ])('refuses %s=%s, saying what it takes', (name, raw) => {
    expect(() => loadConfig({ [name]: raw })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: raw })).toThrow(`${name}=${JSON.stringify(raw)} is not valid: expected`)
  })

  test('returns a frozen object', () => {
    const config = loadConfig({})
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.http)).toBe(true)
  })
})

describe('start-up with configuration', () => {
  test('--help lists every variable with its default', async () => {
    const child = Bun.spawn([process.execPath, 'src/main.ts', '--help'], { cwd: REPO_ROOT, env: childEnv({}), stdout: 'pipe' })
    const output = await new Response(child.stdout).text()
    expect(await child.exited).toBe(0)
    for (const name of Object.keys(variables)) expect(output).toContain(name)
    expect(output).toContain('$DATA_DIR/index.db')
    expect(output).toContain(
      'SERVICE_DHT_RESCRAPE_INTERVAL  (default: 7d; a duration such as 20s, 6h or 7d (units ms, s, m, h, d), or off)',
    )
    expect(output).toContain('SERVICE_DHT_RESCRAPE_RATE  (default: 5; a number from 0.1 to 1000)')
  })

  /** `bun run start` with `vars`, expected to stop before it listens: its exit code and stderr lines. */
  const refusedStart = async (vars: Record<string, string>) => {
    const child = Bun.spawn([process.execPath, 'src/main.ts'], { cwd: REPO_ROOT, env: childEnv(vars), stdout: 'pipe', stderr: 'pipe' })
    const stderr = await new Response(child.stderr).text()
    return { exitCode: await child.exited, lines: stderr.trim().split('\n') }
  }

  test('a bad value stops start-up with one line naming the variable', async () => {
    const { exitCode, lines } = await refusedStart({ CORE_PORT: 'eighty' })
    expect(exitCode).toBe(2)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('CORE_PORT="eighty"')
    expect(lines[0]).toContain('port number')
  })

  test('a bad re-check interval stops start-up with one line saying what to write', async () => {
    const { exitCode, lines } = await refusedStart({ SERVICE_DHT_RESCRAPE_INTERVAL: '7 days' })
    expect(exitCode).toBe(2)
    expect(lines).toEqual([
      'configuration error: SERVICE_DHT_RESCRAPE_INTERVAL="7 days" is not valid: expected a duration such as 20s, 6h or 7d (units ms, s, m, h, d), or off',
    ])
  })

  test('AUTH_METHOD=none with REQUIRE_AUTH=true stops start-up with one line naming both (exit code 2)', async () => {
    const { exitCode, lines } = await refusedStart({ AUTH_METHOD: 'none', REQUIRE_AUTH: 'true' })
    expect(exitCode).toBe(2)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('AUTH_METHOD=none')
    expect(lines[0]).toContain('REQUIRE_AUTH=true')
  })
})
