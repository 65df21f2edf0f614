import { describe, expect, test } from 'bun:test'
import { getTableConfig } from 'drizzle-orm/sqlite-core'
import { join } from 'node:path'
import { openDashboardStore } from '../../../src/dashboard/store'
import * as schema from '../../../src/dashboard/store/schema'
import { makeTempDir } from '../../support/temp-dir'
import { quietLog } from '../../support/test-index'

describe('dashboard store', () => {
  test('the drizzle schema names exactly the tables and columns the migrations create', () => {
    const store = openDashboardStore(join(makeTempDir(), 'dashboard.db'), quietLog)
    const tables = store.sqlite
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_versions'",
      )
      .all()
      .map((row) => row.name)
    expect(tables.sort()).toEqual(
      Object.values(schema)
        .map((table) => getTableConfig(table).name)
        .sort(),
    )
    for (const table of Object.values(schema)) {
      const config = getTableConfig(table)
      const columns = store.sqlite.query<{ name: string }, [string]>('SELECT name FROM pragma_table_info(?)').all(config.name)
      expect({ table: config.name, columns: columns.map((c) => c.name).sort() }).toEqual({
        table: config.name,
        columns: config.columns.map((c) => c.name).sort(),
      })
    }
    store.close()
  })

  test('is WAL, migrates forward once, and keeps the audit log append-only', () => {
    const path = join(makeTempDir(), 'dashboard.db')
    const first = openDashboardStore(path, quietLog)
    expect(first.sqlite.query<{ journal_mode: string }, []>('PRAGMA journal_mode').get()!.journal_mode).toBe('wal')
    first.sqlite.run(
      "INSERT INTO audit_log (kind, key, action, changed_by, changed_at) VALUES ('setting', 'log_level', 'override_set', 'me', '2026-11-24T00:00:00Z')",
    )
    expect(() => first.sqlite.run("UPDATE audit_log SET changed_by = 'someone else'")).toThrow('append-only')
    expect(() => first.sqlite.run('DELETE FROM audit_log')).toThrow('append-only')
    first.close()
    const again = openDashboardStore(path, quietLog)
    expect(again.sqlite.query<{ n: number }, []>('SELECT count(*) AS n FROM audit_log').get()!.n).toBe(1)
    again.close()
  })
})
