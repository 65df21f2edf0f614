/** Backups' and restores' files, on every adapter: a consistent copy while in use, what a file holds, and a guarded replace. */
import { Database } from 'bun:sqlite'
import { expect, test } from 'bun:test'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { backupSources, type StoreFiles } from '../../../src/backup'
import { restoreBackup } from '../../../src/backup/restore-backup'
import { openStore, storeFiles } from '../../../src/store'
import { describeStoreContract } from '../../support/store-contract'
import { makeTempDir } from '../../support/temp-dir'
import { quietLog } from '../../support/test-index'

const hash = (n: number) => n.toString(16).padStart(40, '0')

/**
 * An engine whose index is no file (PostgreSQL): a backup leaves the index out and says why, and
 * a restore of an index's backup is refused with the same reason, the dashboard's still possible.
 */
async function expectIndexBackupsRefused(files: StoreFiles, reason: string) {
  const dir = makeTempDir('store-files-')
  const dashboardPath = join(dir, 'dashboard.db')
  expect(backupSources(files, dashboardPath)).toEqual({ stores: [{ kind: 'dashboard', path: dashboardPath }], refusals: [reason] })
  const indexBackup = join(dir, 'index-backup.db')
  const sqlite = new Database(indexBackup, { create: true })
  sqlite.run('CREATE TABLE torrents (id INTEGER PRIMARY KEY)')
  sqlite.run('CREATE TABLE schema_versions (version INTEGER PRIMARY KEY)')
  sqlite.close()
  const paths = { index: join(dir, 'index.db'), dashboard: dashboardPath }
  await expect(restoreBackup(indexBackup, paths, files)).rejects.toMatchObject({ code: 'restore_refused', message: reason })
  expect(existsSync(paths.index)).toBe(false)
}

describeStoreContract('StoreFiles', (adapter) => {
  test("the core's copy, taken while the store is open, is a whole index at the newest version, and replaces a closed one", async () => {
    const config = await adapter.freshConfig()
    const files = storeFiles(config)
    const source = files.coreBackupSource()
    if (source.kind === 'refused') {
      expect(source.reason).toContain('pg_dump')
      await expectIndexBackupsRefused(files, source.reason)
      return
    }
    const store = await openStore(config, { log: quietLog })
    const dir = makeTempDir('store-files-')
    const copy = join(dir, 'index-copy.db')
    try {
      await adapter.fixtures(store).addTorrents([{ infoHash: hash(1), name: 'Kept.In.The.Copy' }], 1_767_225_600)
      await files.snapshot(source.path, copy)
      await adapter.fixtures(store).addTorrents([{ infoHash: hash(2), name: 'Only.In.The.Index' }], 1_767_225_601)
      expect(await files.inspect(copy)).toEqual({ status: 'read', kind: 'index', schemaVersion: adapter.newestVersion, problems: [] })
      expect(files.newestSchemaVersions().index).toBe(adapter.newestVersion)
      const staged = join(dir, 'staged.db')
      await files.snapshot(copy, staged)
      expect(await files.replaceExclusively(source.path, staged)).toBe('in_use')
    } finally {
      await store.close()
    }
    const staged = join(dir, 'staged-again.db')
    await files.snapshot(copy, staged)
    expect(await files.replaceExclusively(source.path, staged)).toBe('replaced')
    const restored = await openStore(config, { log: quietLog })
    try {
      expect([...(await restored.torrentDetails.times([hash(1), hash(2)])).keys()]).toEqual([hash(1)])
    } finally {
      await restored.close()
    }
  })

  test('a file that is not a database, a foreign database and a missing file are told apart; a replace makes a new file', async () => {
    const files = storeFiles(await adapter.freshConfig())
    const dir = makeTempDir('store-files-')
    const text = join(dir, 'notes.txt')
    writeFileSync(text, 'not a database at all, just some text long enough to have a header'.repeat(20))
    expect(await files.inspect(text)).toMatchObject({ status: 'unreadable' })
    expect(await files.inspect(join(dir, 'missing.db'))).toMatchObject({ status: 'unopenable' })
    const foreign = join(dir, 'foreign.db')
    const sqlite = new Database(foreign, { create: true })
    sqlite.run('CREATE TABLE recipes (name TEXT)')
    sqlite.close()
    expect(await files.inspect(foreign)).toEqual({ status: 'read', kind: null, schemaVersion: 0, problems: [] })
    const target = join(dir, 'new', 'dashboard.db')
    mkdirSync(join(dir, 'new'))
    const staged = join(dir, 'staged.db')
    await files.snapshot(foreign, staged)
    expect(await files.replaceExclusively(target, staged)).toBe('replaced')
    expect(await files.inspect(target)).toMatchObject({ status: 'read', kind: null })
    await expect(files.snapshot(join(dir, 'missing.db'), join(dir, 'never.db'))).rejects.toMatchObject({ code: 'store_failed' })
  })
})
