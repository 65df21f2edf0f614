import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import type { IngestItem } from '../../src/ingest'
import { CAP_MARGIN, openStorage } from '../../src/storage-cap'
import { openSqliteStore } from '../../src/store/sqlite'
import { migrateToIncrementalVacuum } from '../../src/store/sqlite/maintenance/auto-vacuum'
import { openTestIndex, quietLog, sqliteOf, testTorrents } from '../support/test-index'

const NOW = 1_900_000_000
const hashOf = (n: number) => `${n.toString(16).padStart(8, '0')}${'cd'.repeat(16)}`

function item(n: number): IngestItem {
  const name = `Some.Show.S02E${String(n).padStart(4, '0')}.1080p.WEB-DL.x264-GRP`
  return {
    infoHash: hashOf(n),
    infoHashV2: null,
    name,
    sizeBytes: 2_000_000,
    isPrivate: false,
    files: Array.from({ length: 8 }, (_, i) => ({
      index: i,
      path: `${name}/part-${i}-${'x'.repeat(60)}.mkv`,
      sizeBytes: 250_000,
      extension: 'mkv',
      fileType: 'video' as const,
    })),
    source: 'import',
    publishedAt: 1_000 + n,
    seeders: null,
    leechers: null,
  }
}

/** An index of `count` torrents in incremental auto-vacuum mode, as the service migrates it. */
async function filledIndex(count: number) {
  const index = openTestIndex()
  await index.torrents.writer.writeBatch(
    Array.from({ length: count }, (_, i) => item(i + 1)),
    NOW,
  )
  index.db.sqlite.close(true)
  expect(migrateToIncrementalVacuum(index.path, quietLog)).toBe('converted')
  const store = openSqliteStore({ path: index.path }, { log: quietLog })
  const db = sqliteOf(store)
  return { db, store, torrents: testTorrents(store), path: index.path }
}

describe('storage cap', () => {
  test('evicts until the data is the margin under the cap, gives the file back down to the cap, counts what it evicted', async () => {
    const { db, store } = await filledIndex(1500)
    const before = await (
      await openStorage({
        store: store.maintenance,
        dashboardPath: '/nonexistent',
        limitBytes: null,
        isWanted: () => false,
        log: quietLog,
      })
    ).report()
    const limitBytes = Math.round(before.usedBytes * 0.6)
    const storage = await openStorage({
      store: store.maintenance,
      dashboardPath: '/nonexistent',
      limitBytes,
      isWanted: () => false,
      log: quietLog,
    })
    await storage.cap!.check()
    const after = await storage.report()
    expect(after.usedBytes).toBeLessThanOrEqual(limitBytes * (1 - CAP_MARGIN))
    expect(after.evictedTorrents).toBeGreaterThan(0)
    expect(after.evictedTorrents).toBeLessThan(1500)
    expect(after.isFull).toBe(false)
    expect(after.databaseBytes).toBeLessThanOrEqual(limitBytes)
    const left = db.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM torrents').get()!.n
    expect(left).toBe(1500 - after.evictedTorrents)
    // The oldest went first.
    const oldest = db.sqlite.query<{ at: number }, []>('SELECT min(published_at) AS at FROM torrents').get()!.at
    expect(oldest).toBe(1_000 + after.evictedTorrents + 1)
    db.close()
  })

  test('says the index is full once when every torrent left is protected, and has room again after a delete', async () => {
    const { db, store, torrents, path } = await filledIndex(300)
    db.sqlite.run('UPDATE torrents SET grabs = 1')
    const usedBytes = async () =>
      (
        await (
          await openStorage({
            store: store.maintenance,
            dashboardPath: path,
            limitBytes: null,
            isWanted: () => false,
            log: quietLog,
          })
        ).report()
      ).usedBytes
    const limitBytes = Math.round((await usedBytes()) * 0.9)
    const storage = await openStorage({
      store: store.maintenance,
      dashboardPath: path,
      limitBytes,
      isWanted: () => false,
      log: quietLog,
    })
    const told: (string | null)[] = []
    storage.cap!.onFullChange((full) => told.push(full?.message ?? null))
    await storage.cap!.check()
    await storage.cap!.check()
    expect(told).toHaveLength(1)
    expect(told[0]).toContain('SERVICE_STORAGE_LIMIT')
    expect(await storage.report()).toMatchObject({
      isFull: true,
      evictedTorrents: 0,
      limitBytes,
      dashboardBytes: (await storage.report()).databaseBytes,
    })
    await store.operatorEdits.deleteAndBlock(
      Array.from({ length: 150 }, (_, i) => hashOf(i + 1)),
      NOW,
    )
    await storage.cap!.check()
    expect(told).toEqual([told[0]!, null])
    expect((await storage.report()).isFull).toBe(false)
    db.close()
  })

  test('a wanted torrent is kept like a protected one', async () => {
    const { db, store, path } = await filledIndex(200)
    const wanted = (name: string) => name.includes('S02E0007.')
    const storage = await openStorage({
      store: store.maintenance,
      dashboardPath: path,
      limitBytes: 4096,
      isWanted: wanted,
      log: quietLog,
    })
    await storage.cap!.check()
    const names = db.sqlite
      .query<{ name: string }, []>('SELECT name FROM torrents')
      .all()
      .map((row) => row.name)
    expect(names).toEqual(['Some.Show.S02E0007.1080p.WEB-DL.x264-GRP'])
    expect((await storage.report()).isFull).toBe(true)
    db.close()
  })
})

describe('migrating to incremental auto-vacuum', () => {
  test('rewrites an existing database once, keeping every row; a second run has nothing to do', async () => {
    const index = openTestIndex()
    await index.torrents.writer.writeBatch([item(1), item(2)], NOW)
    index.db.sqlite.close(true)
    expect(migrateToIncrementalVacuum(index.path, quietLog)).toBe('converted')
    expect(migrateToIncrementalVacuum(index.path, quietLog)).toBe('incremental')
    const sqlite = new Database(index.path, { readonly: true })
    expect(sqlite.query('PRAGMA auto_vacuum').get()).toEqual({ auto_vacuum: 2 })
    expect(sqlite.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
    expect(sqlite.query('SELECT count(*) AS n FROM torrents').get()).toEqual({ n: 2 })
    sqlite.close()
  })

  test('leaves the file alone while another connection has it open', async () => {
    const index = openTestIndex()
    await index.torrents.writer.writeBatch([item(1)], NOW)
    expect(migrateToIncrementalVacuum(index.path, quietLog)).toBe('skipped')
    expect(index.db.sqlite.query('PRAGMA auto_vacuum').get()).toEqual({ auto_vacuum: 0 })
    expect(index.db.sqlite.query('SELECT count(*) AS n FROM torrents').get()).toEqual({ n: 1 })
    index.db.sqlite.close(true)
  })
})
