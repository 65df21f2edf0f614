import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor } from '../support/dht-probe'
import { childEnv, REPO_ROOT, type RunningService, runCli, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const hashOf = (n: number) => `${n.toString(16).padStart(8, '0')}${'ef'.repeat(16)}`
const line = (n: number) =>
  `${JSON.stringify({ infoHash: hashOf(n), name: `Backup.Test.S01E${n}.1080p.WEB-DL.x264-GRP`, size: 1_000_000 + n, files: [{ path: `e${n}.mkv`, size: 1_000_000 + n }] })}\n`

/**
 * A /import body that trickles `total` lines out over about `spreadMs` and holds its last chunk
 * until `release` settles, so a backup taken before that lands mid-import however slow the machine.
 */
function tricklingBody(total: number, spreadMs: number, release: Promise<void>): ReadableStream<Uint8Array> {
  const chunks = 20
  const perChunk = Math.ceil(total / chunks)
  let sent = 0
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      if (sent >= total) return controller.close()
      if (sent + perChunk >= total) await release
      let text = ''
      for (let i = 0; i < perChunk && sent < total; i++) text += line(++sent)
      controller.enqueue(encoder.encode(text))
      await Bun.sleep(spreadMs / chunks)
    },
  })
}

function countTorrents(path: string): number {
  const sqlite = new Database(path, { readonly: true })
  try {
    return sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM torrents').get()!.n
  } finally {
    sqlite.close(true)
  }
}

function integrity(path: string): string {
  const sqlite = new Database(path, { readonly: true })
  try {
    return sqlite
      .query<{ integrity_check: string }, []>('PRAGMA integrity_check')
      .all()
      .map((row) => row.integrity_check)
      .join('; ')
  } finally {
    sqlite.close(true)
  }
}

const running: RunningService[] = []
afterAll(async () => {
  for (const service of running) {
    service.child.kill()
    await service.child.exited
  }
})

describe('bun run cli backup and restore', () => {
  const dataDir = makeTempDir()
  const vars = { DATA_DIR: dataDir }
  const backupDir = join(makeTempDir(), 'backups')

  test('a backup taken while the service imports restores to a database that passes integrity_check', async () => {
    const service = await startService(vars)
    running.push(service)
    let backupTaken!: () => void
    const importing = fetch(`${service.baseUrl}/import`, {
      method: 'POST',
      body: tricklingBody(
        20_000,
        3_000,
        new Promise((resolve) => {
          backupTaken = resolve
        }),
      ),
      duplex: 'half',
    } as RequestInit)
    let first: Awaited<ReturnType<typeof runCli>>
    try {
      // Once the import has stored its first torrents.
      await waitFor(() => countTorrents(join(dataDir, 'index.db')) > 0, 30_000, 50)
      first = await runCli(['backup', backupDir], vars)
    } finally {
      backupTaken()
    }
    const response = await importing
    expect(response.status).toBe(200)
    expect(first.stderr).toBe('')
    expect(first.exitCode).toBe(0)
    const written = first.stdout.trim().split('\n')
    expect(written.map((row) => row.split('\t')[0])).toEqual(['index', 'dashboard'])
    const indexBackup = written[0]!.split('\t')[1]!
    expect(indexBackup).toMatch(/index-\d{8}T\d{6}Z\.db$/)
    expect(readdirSync(backupDir).some((name) => name.endsWith('.partial'))).toBe(false)

    // Mid-import: some torrents, not all of them, and a whole database.
    const inBackup = countTorrents(indexBackup)
    expect(inBackup).toBeLessThan(20_000)
    expect(integrity(indexBackup)).toBe('ok')

    const restoredDir = makeTempDir()
    const restored = await runCli(['restore', indexBackup], { DATA_DIR: restoredDir })
    expect(restored).toMatchObject({ exitCode: 0, stderr: '' })
    expect(restored.stdout).toContain(`restored the index store`)
    expect(integrity(join(restoredDir, 'index.db'))).toBe('ok')
    expect(countTorrents(join(restoredDir, 'index.db'))).toBe(inBackup)
    const dashboardRestored = await runCli(['restore', written[1]!.split('\t')[1]!], { DATA_DIR: restoredDir })
    expect(dashboardRestored.exitCode).toBe(0)
    expect(existsSync(join(restoredDir, 'dashboard.db'))).toBe(true)

    // The restored index serves: a core started on it counts what the backup held.
    const onRestored = await startService({ DATA_DIR: restoredDir }, 'core')
    running.push(onRestored)
    const status = (await (await fetch(`${onRestored.baseUrl}/api/v1/status`)).json()) as { torrents: number }
    expect(status.torrents).toBe(inBackup)
  }, 180_000) // 20,000 lines imported, a backup and a restore: minutes on a loaded machine

  test('restore is refused while the service has the database open, and nothing is replaced', async () => {
    const live = join(dataDir, 'index.db')
    const before = countTorrents(live)
    const backup = readdirSync(backupDir).find((name) => name.startsWith('index-'))!
    const refused = await runCli(['restore', join(backupDir, backup)], vars)
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toContain('restore refused')
    expect(refused.stderr).toContain('open in another process')
    expect(countTorrents(live)).toBe(before)
    expect(integrity(live)).toBe('ok')
    expect(existsSync(`${live}.restore`)).toBe(false)
  })

  test('bad arguments and bad files get a clear message and exit code, and nothing is replaced', async () => {
    const dir = makeTempDir()
    const env = { DATA_DIR: join(dir, 'data') }
    expect(await runCli(['backup', 'a', 'b'], env)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('usage: bun run cli backup [DIR]'),
    })
    expect(await runCli(['backup'], env)).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('SERVICE_BACKUP_DIR') })
    expect(await runCli(['backup', join(dir, 'out')], env)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('nothing to back up'),
    })
    expect(await runCli(['restore'], env)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('usage: bun run cli restore FILE'),
    })
    expect(await runCli(['restore', join(dir, 'missing.db')], env)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('is not a file'),
    })

    const garbage = join(dir, 'garbage.db')
    writeFileSync(garbage, 'this is not a database at all, just text '.repeat(200))
    expect(await runCli(['restore', garbage], env)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('not an SQLite database'),
    })

    const other = join(dir, 'other.db')
    const sqlite = new Database(other, { create: true })
    sqlite.run('CREATE TABLE notes (text TEXT)')
    sqlite.close(true)
    expect(await runCli(['restore', other], env)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('not a backup of the index'),
    })

    // A backup with a damaged page: refused by the integrity check.
    const good = readdirSync(backupDir).find((name) => name.startsWith('index-'))!
    const damaged = join(dir, 'damaged.db')
    const bytes = new Uint8Array(readFileSync(join(backupDir, good)))
    const pageSize = (bytes[16]! << 8) | bytes[17]!
    for (let page = 2; page < Math.min(bytes.length / pageSize, 40); page += 3) bytes.fill(0x5a, page * pageSize + 8, page * pageSize + 200)
    writeFileSync(damaged, bytes)
    const refused = await runCli(['restore', damaged], env)
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toMatch(/integrity check|malformed|not an SQLite database/)
    expect(existsSync(join(dir, 'data', 'index.db'))).toBe(false)
  })
})

describe('a backup killed mid-way (issue 30.8)', () => {
  test('leaves a .partial that the next backup removes; a copy still being written and other files stay', async () => {
    const dataDir = makeTempDir()
    const backups = join(makeTempDir(), 'backups')
    // An index large enough that the copy is still running when it is killed.
    const sqlite = new Database(join(dataDir, 'index.db'), { create: true })
    sqlite.run('CREATE TABLE filler (data BLOB)')
    sqlite.run(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150) INSERT INTO filler SELECT randomblob(1000000) FROM n',
    )
    sqlite.close(true)
    const child = Bun.spawn([process.execPath, 'src/cli.ts', 'backup', backups], {
      cwd: REPO_ROOT,
      env: childEnv({ DATA_DIR: dataDir }),
      stdout: 'ignore',
      stderr: 'ignore',
    })
    const partialOf = () => (existsSync(backups) ? readdirSync(backups).find((name) => name.endsWith('.partial')) : undefined)
    for (let tries = 0; tries < 500 && !partialOf(); tries++) await Bun.sleep(10)
    child.kill('SIGKILL')
    await child.exited
    const killed = partialOf()
    expect(killed).toMatch(/^index-\d{8}T\d{6}Z\.db\.partial$/)

    // Found by a later backup: the killed one was written to over 10 minutes ago.
    const longAgo = new Date(Date.now() - 11 * 60_000)
    utimesSync(join(backups, killed!), longAgo, longAgo)
    const writing = 'index-20990101T000000Z.db.partial'
    writeFileSync(join(backups, writing), 'a copy another process is writing now')
    writeFileSync(join(backups, 'notes.partial'), 'not ours')
    const next = await runCli(['backup', backups], { DATA_DIR: dataDir })
    expect(next.exitCode).toBe(0)
    const names = readdirSync(backups)
    expect(names).not.toContain(killed)
    expect(names).toContain(writing)
    expect(names).toContain('notes.partial')
    expect(names.filter((name) => /^index-\d{8}T\d{6}Z\.db$/.test(name))).toHaveLength(1)
  }, 60_000)
})

describe('scheduled backups', () => {
  test('SERVICE_BACKUP_DIR takes one at start, then one each interval, keeping the newest SERVICE_BACKUP_KEEP of each store', async () => {
    const dir = makeTempDir()
    const backups = join(dir, 'backups')
    writeFileSync(join(dir, 'unrelated.txt'), 'kept')
    const service = await startService({
      DATA_DIR: dir,
      SERVICE_BACKUP_DIR: backups,
      SERVICE_BACKUP_INTERVAL: '1s',
      SERVICE_BACKUP_KEEP: '2',
    })
    running.push(service)
    const deadline = Date.now() + 20_000
    while (service.logs.filter((entry) => entry.includes('"backup written"')).length < 3 && Date.now() < deadline) await Bun.sleep(200)
    expect(service.logs.filter((entry) => entry.includes('"backup written"')).length).toBeGreaterThanOrEqual(3)
    const names = readdirSync(backups)
    const indexes = names.filter((name) => name.startsWith('index-'))
    expect(indexes.length).toBeGreaterThanOrEqual(1)
    expect(indexes.length).toBeLessThanOrEqual(2)
    expect(names.filter((name) => name.startsWith('dashboard-')).length).toBeLessThanOrEqual(2)
    expect(names.some((name) => name.endsWith('.partial'))).toBe(false)
    for (const name of indexes) expect(integrity(join(backups, name))).toBe('ok')
  }, 60_000)
})
