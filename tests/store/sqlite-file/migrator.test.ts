import { describe, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, openIndex } from '../../../src/store/sqlite'
import { CORE_MIGRATIONS_DIR, currentVersion, MigrationError, readMigrations } from '../../../src/store/sqlite-file'
import { startService } from '../../support/processes'
import { makeTempDir } from '../../support/temp-dir'
import { quietLog } from '../../support/test-index'

const shippedVersion = readMigrations(CORE_MIGRATIONS_DIR).at(-1)!.version

function copyMigrations(extra: Record<string, string> = {}): string {
  const dir = join(makeTempDir(), 'migrations')
  mkdirSync(dir)
  for (const file of readdirSync(CORE_MIGRATIONS_DIR)) copyFileSync(join(CORE_MIGRATIONS_DIR, file), join(dir, file))
  for (const [file, sql] of Object.entries(extra)) writeFileSync(join(dir, file), sql)
  return dir
}

describe('core migrations', () => {
  test('bring a fresh database to the newest version and record each one', () => {
    const db = openIndex(join(makeTempDir(), 'fresh.db'), quietLog)
    expect(currentVersion(db.sqlite)).toBe(shippedVersion)
    const rows = db.sqlite.query('SELECT version, name FROM schema_versions ORDER BY version').all() as { name: string }[]
    expect(rows.map((row) => row.name)).toEqual(readMigrations(CORE_MIGRATIONS_DIR).map((m) => m.name))
    db.close()
  })

  test('re-running them is a no-op', () => {
    const path = join(makeTempDir(), 'twice.db')
    openIndex(path, quietLog).close()
    const db = openIndex(path, quietLog)
    const count = db.sqlite.query('SELECT count(*) AS n FROM schema_versions').get() as { n: number }
    expect(count.n).toBe(readMigrations(CORE_MIGRATIONS_DIR).length)
    db.close()
  })

  test('a broken migration stops with its name and leaves the previous version intact', () => {
    const path = join(makeTempDir(), 'broken.db')
    const seeded = openIndex(path, quietLog)
    seeded.sqlite.run(
      "INSERT INTO torrents (info_hash, name, size, published_at, first_seen_at, updated_at) VALUES (zeroblob(20), 'kept', 1, 1, 1, 1)",
    )
    seeded.close()
    const next = String(shippedVersion + 1).padStart(4, '0')
    const dir = copyMigrations({
      // The first statement succeeds; the second fails: the whole migration must roll back.
      [`${next}_broken_change.sql`]: 'ALTER TABLE torrents ADD COLUMN half_done TEXT;\nCREATE TABLE torrents (oops INTEGER);',
    })
    let error: unknown
    try {
      openIndex(path, quietLog, dir)
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(MigrationError)
    expect((error as MigrationError).migration).toBe(`${next}_broken_change`)
    expect((error as Error).message).toContain(`${next}_broken_change`)

    const db = openDatabase(path)
    expect(currentVersion(db.sqlite)).toBe(shippedVersion)
    const columns = db.sqlite.query("SELECT name FROM pragma_table_info('torrents')").all() as { name: string }[]
    expect(columns.map((column) => column.name)).not.toContain('half_done')
    expect(db.sqlite.query('SELECT name FROM torrents').get()).toEqual({ name: 'kept' })
    expect(db.sqlite.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
    db.close()
  })

  test('a later migration is applied on the next start', () => {
    const path = join(makeTempDir(), 'upgrade.db')
    openIndex(path, quietLog).close()
    const next = String(shippedVersion + 1).padStart(4, '0')
    const db = openIndex(path, quietLog, copyMigrations({ [`${next}_add_note.sql`]: 'ALTER TABLE torrents ADD COLUMN note TEXT;' }))
    expect(currentVersion(db.sqlite)).toBe(shippedVersion + 1)
    db.close()
  })

  test('two files with the same version are refused', () => {
    const dir = copyMigrations({ '0001_duplicate.sql': 'SELECT 1;' })
    expect(() => readMigrations(dir)).toThrow(MigrationError)
  })

  test('the service refuses a database newer than itself and exits with the reason', async () => {
    const dataDir = makeTempDir()
    const db = openIndex(join(dataDir, 'index.db'), quietLog)
    db.sqlite.run("INSERT INTO schema_versions VALUES (9999, '9999_from_the_future', '2030-01-01T00:00:00Z')")
    db.close()
    const failed = await startService({ DATA_DIR: dataDir }).then(
      () => undefined,
      (err: Error) => err.message,
    )
    expect(failed).toContain('exited with 1')
    expect(failed).toContain('newer than this build')
  })
})

describe('openDatabase', () => {
  test('uses WAL with the agreed pragmas', () => {
    const db = openDatabase(join(makeTempDir(), 'pragmas.db'))
    const pragma = (name: string) => Object.values(db.sqlite.query(`PRAGMA ${name}`).get() as object)[0]
    expect(pragma('journal_mode')).toBe('wal')
    expect(pragma('synchronous')).toBe(1) // NORMAL
    expect(pragma('foreign_keys')).toBe(1)
    expect(pragma('busy_timeout')).toBe(5000)
    db.close()
  })
})
