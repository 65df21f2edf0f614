/**
 * Search on a hot standby (issue 36): a streaming standby of the test cluster built with
 * `pg_basebackup -R`, a search reader whose DATABASE_READ_URL names it, rows written through the
 * primary and found once the standby has replayed them, with the reader's session seen on the
 * standby; and a standby that refuses connections, where the reader falls back to the primary.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseTextQuery } from '../../../src/search/text-query'
import type { SearchReader } from '../../../src/store'
import { migrateCoreIndex } from '../../../src/store/pg/migration-folder'
import { openPgSearchReader } from '../../../src/store/pg/search'
import { createLogger } from '../../../src/log'
import { freePort, freshPgSchema, pgSkipReason, pgTestCluster, postgresBin, startServer } from '../../support/pg-cluster'

/** Why a standby cannot be built here; null when it can. */
function standbySkipReason(): string | null {
  const pg = pgSkipReason()
  if (pg) return pg
  if (!postgresBin()) return 'PostgreSQL binaries (pg_basebackup, pg_ctl) are not installed'
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root without a postgres user'
  return null
}

/** A PostgreSQL tool, as the postgres user when the test runs as root (the cluster's files are theirs). */
function runTool(command: string, args: string[]): void {
  const full = join(postgresBin()!, command)
  const result =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
}

/** Resolves once `check` holds, polling; fails with `what` after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

const skip = standbySkipReason()
const describeStandby = skip === null ? describe : describe.skip

describeStandby(`search on a hot standby${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dir: string
  let standbyPort: number
  /** The app's URL of this test's schema on the primary, and the same on the standby. */
  let primaryUrl: string
  let standbyUrl: string
  let primary: SQL
  let standbyAdmin: SQL
  let primaryAdmin: SQL

  beforeAll(async () => {
    const cluster = await pgTestCluster()
    const admin = new URL(cluster.adminUrl)
    // The superuser reaches the primary through its socket folder (trust): pg_basebackup needs no password.
    const socketDir = admin.searchParams.get('host') ?? cluster.dir
    if (!socketDir) throw new Error('the test cluster names no socket folder')
    dir = mkdtempSync(join(tmpdir(), 'pg-standby-'))
    if (process.getuid?.() === 0) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim())
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
      chownSync(dir, uid, gid)
    }
    chmodSync(dir, 0o700)
    const { url, schema } = await freshPgSchema('standby')
    primaryUrl = url
    primary = new SQL(primaryUrl, { max: 2 })
    await migrateCoreIndex(primary)
    runTool('pg_basebackup', [
      '-h',
      socketDir,
      '-p',
      String(cluster.port || admin.port),
      '-U',
      admin.username || 'postgres',
      '-D',
      join(dir, 'standby'),
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ])
    standbyPort = await freePort()
    startServer(runTool, join(dir, 'standby'), standbyPort, dir)
    const onStandby = new URL(primaryUrl)
    onStandby.port = String(standbyPort)
    standbyUrl = onStandby.toString()
    primaryAdmin = new SQL(cluster.adminUrl.replace(/\/[^/?]*(\?|$)/, '/indexer$1'), { max: 1 })
    standbyAdmin = new SQL(`postgres://${admin.username || 'postgres'}@localhost:${standbyPort}/indexer?host=${encodeURIComponent(dir)}`, {
      max: 1,
    })
    await until('the standby to accept connections', async () => {
      try {
        const [row] = await standbyAdmin`SELECT pg_is_in_recovery() AS standby`
        return row.standby === true
      } catch {
        return false
      }
    })
    expect(schema).toStartWith('standby_')
  }, 120_000)

  afterAll(async () => {
    await Promise.all([primary?.close(), standbyAdmin?.close(), primaryAdmin?.close()])
    if (dir) {
      try {
        runTool('pg_ctl', ['-D', join(dir, 'standby'), '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  })

  /** A classified torrent and its search document, written through the primary. */
  const writeTorrent = async (id: number, name: string, document: string) => {
    await primary.begin(async (tx) => {
      await tx`INSERT INTO torrents (id, info_hash, name, size, published_at, first_seen_at, updated_at)
        VALUES (${id}, ${Buffer.alloc(20, id)}, ${name}, 1000, ${1_790_000_000 + id}, 1, 1)`
      await tx`INSERT INTO torrent_classifications (torrent_id, content_type, categories, confidence, status, fired_rules, seasons, episodes,
        modifiers, hdr, audio_codecs, languages, editions, classified_at)
        VALUES (${id}, 'movie', '[2000]', 0.5, 'pending', '[]', '[]', '[]', '[]', '[]', '[]', '[]', '[]', 1)`
      await tx`INSERT INTO torrent_search (torrent_id, document) VALUES (${id}, ${document}::tsvector)`
      await tx`INSERT INTO torrent_categories (category, published_at, torrent_id) VALUES (2000, ${1_790_000_000 + id}, ${id})`
    })
  }

  /** Waits until the standby has replayed everything the primary has written so far. */
  const standbyCaughtUp = async () => {
    const [{ lsn }] = await primaryAdmin`SELECT pg_current_wal_insert_lsn()::text AS lsn`
    await until('the standby to replay the writes', async () => {
      const [row] = await standbyAdmin`SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS done`
      return row.done === true
    })
  }

  /** The search sessions open on a server now (inside a snapshot, one is). */
  const searchSessionsOn = async (admin: SQL) =>
    Number(
      (
        await admin`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'indexer-search' AND state LIKE 'idle in transaction%'`
      )[0].n,
    )

  const zephyr = { text: parseTextQuery('zephyr'), facts: [] }

  test('searches run on the standby and find what the primary wrote once it is replayed', async () => {
    await writeTorrent(1, 'Zephyr.Film.2019.1080p', "'zephyr':1 'film':2 '2019':3 '1080p':4 '=c2000'")
    await writeTorrent(2, 'Other.Film.2020', "'other':1 'film':2 '2020':3 '=c2000'")
    await standbyCaughtUp()
    const reader: SearchReader = openPgSearchReader({ engine: 'postgres', url: primaryUrl, readUrls: [standbyUrl], maxConnections: 2 })
    try {
      const seen = await reader.withSnapshot(async (store) => ({
        names: (await store.matchBlock(zephyr, 'full', null, 10)).rows.map((row) => row.name),
        onStandby: await searchSessionsOn(standbyAdmin),
        onPrimary: await searchSessionsOn(primaryAdmin),
      }))
      expect(seen).toEqual({ names: ['Zephyr.Film.2019.1080p'], onStandby: 1, onPrimary: 0 })
      // What the primary writes next reaches the standby's searches once replayed.
      await writeTorrent(3, 'Zephyr.Again.2024', "'zephyr':1 'again':2 '2024':3 '=c2000'")
      await standbyCaughtUp()
      expect((await reader.matchBlock(zephyr, 'ranking', null, 10)).rows.map((row) => row.id)).toEqual([3, 1])
      expect((await reader.feedBlock([2000], null, 10)).keys.map((key) => key.id)).toEqual([3, 2, 1])
    } finally {
      await reader.close()
    }
  })

  test('a standby that refuses connections: the search reads the primary, and a line says so without the password', async () => {
    await writeTorrent(4, 'Zephyr.Primary.Only', "'zephyr':1 'primary':2 'only':3")
    const refusing = new URL(standbyUrl)
    refusing.port = String(await freePort())
    const lines: string[] = []
    const reader = openPgSearchReader(
      { engine: 'postgres', url: primaryUrl, readUrls: [refusing.toString()], maxConnections: 2 },
      { log: createLogger({ level: 'warn', sink: (line) => lines.push(line) }) },
    )
    try {
      const seen = await reader.withSnapshot(async (store) => ({
        ids: (await store.matchBlock(zephyr, 'full', null, 10)).rows.map((row) => row.id),
        onPrimary: await searchSessionsOn(primaryAdmin),
      }))
      // Read on the primary: the row not yet replayed anywhere else is there.
      expect(seen.ids[0]).toBe(4)
      expect(seen.onPrimary).toBe(1)
      expect(lines).toHaveLength(1)
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', standby: expect.stringContaining(refusing.port) })
      expect(lines[0]).not.toContain('indexer-test')
      // The refusing standby is passed over a while: the next search logs nothing more.
      expect((await reader.countMatches(zephyr)).total).toBeGreaterThanOrEqual(3)
      expect(lines).toHaveLength(1)
    } finally {
      await reader.close()
    }
  })
})
